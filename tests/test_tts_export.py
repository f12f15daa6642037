"""`build --export tts`: Tabletop Simulator sheets. Cut back into faces, each face equals the
PNG export of that card at the sheet's cell size (issue 36)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from PIL import Image, ImageChops

from runeforge.backends import Output
from runeforge.backends.tts_export import MAX_SIDE, cell_size, scaled, tts_outputs
from runeforge.cli import main

ROOT = Path(__file__).resolve().parents[1]
CARDS = "the-lantern-thief,lamplighters-ghost,soot-imps,marsh-lights,a-trail-of-wax"


def build(out: Path, export: str) -> Path:
    pack = out.parent / "lantern"
    if not pack.exists():  # the example pack with its own Russian name for one card
        shutil.copytree(ROOT / "examples" / "my-first-adventure", pack)
        po = pack / "locales" / "ru" / "LC_MESSAGES"
        po.mkdir(parents=True)
        (po / "pack.po").write_text(
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            'msgctxt "card.name"\nmsgid "Soot Imps"\nmsgstr "Сажевые бесенята"\n',
            encoding="utf-8")
    res = CliRunner().invoke(main, ["build", str(pack), "--locale", "ru", "--cards", CARDS,
                                    "--export", export, "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_sheets_cut_back_into_the_png_export_of_each_card(tmp_path):
    png = build(tmp_path / "png", "png") / "png" / "my-first-adventure-ru"
    tts = build(tmp_path / "tts", "tts") / "tts" / "my-first-adventure-ru"
    with (png / "manifest.csv").open(encoding="utf-8") as fh:
        fronts = {row["card"]: row["front"] for row in csv.DictReader(fh)}
    seen = set()
    for doc_path in sorted(tts.glob("*.json")):
        doc = json.loads(doc_path.read_text(encoding="utf-8"))
        assert (tts / doc["back"]).is_file()
        for sheet in doc["sheets"]:
            image = Image.open(tts / sheet["image"]).convert("RGB")
            w, h = sheet["cell"]
            assert sheet["columns"] <= 10 and sheet["rows"] <= 7
            assert image.size == (sheet["columns"] * w, sheet["rows"] * h)
            assert max(image.size) <= MAX_SIDE
            for card in sheet["cards"]:
                x, y = card["slot"] % sheet["columns"] * w, card["slot"] // sheet["columns"] * h
                cut = image.crop((x, y, x + w, y + h))
                want = scaled(Image.open(png / fronts[card["id"]]).convert("RGB"), (w, h))
                assert ImageChops.difference(cut, want).getbbox() is None, card["id"]
                seen.add(card["id"])
        names = {c["id"]: c["name"] for s in doc["sheets"] for c in s["cards"]}
        if "soot-imps" in names:  # the card names in the build's locale
            assert names["soot-imps"] == "Сажевые бесенята" and doc["locale"] == "ru"
    assert seen == set(CARDS.split(","))


def _fake_pngs(n: int, size=(815, 1110)) -> list[Output]:
    outs, rows = [], []
    for i in range(n):
        img = Image.new("RGB", size, (i % 256, (i * 7) % 256, 90))
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        outs.append(Output(f"png/p-en/d/{i:03d}-c{i}.png", buf.getvalue()))
        rows.append(f"d/{i:03d}-c{i}.png,d/back.png,1,c{i},d")
    buf = io.BytesIO()
    Image.new("RGB", size, "black").save(buf, format="PNG")
    outs.append(Output("png/p-en/d/back.png", buf.getvalue()))
    manifest = "front,back,copies,card,deck\n" + "\n".join(rows) + "\n"
    outs.append(Output("png/p-en/manifest.csv", manifest.encode()))
    return outs


def test_more_than_seventy_faces_take_a_second_sheet_within_the_limits():
    outs = tts_outputs(_fake_pngs(71), "p-en", {"c0": "Zero"}, "en")
    paths = sorted(o.relpath for o in outs)
    assert paths == ["tts/p-en/d-1.png", "tts/p-en/d-2.png", "tts/p-en/d-back.png",
                     "tts/p-en/d.json"]
    doc = json.loads(next(o.data for o in outs if o.relpath.endswith(".json")))
    first, second = doc["sheets"]
    assert (first["columns"], first["rows"], len(first["cards"])) == (10, 7, 70)
    assert (second["columns"], second["rows"], len(second["cards"])) == (1, 1, 1)
    assert first["cards"][0]["name"] == "Zero"
    sheet = Image.open(io.BytesIO(next(o.data for o in outs if o.relpath.endswith("d-1.png"))))
    assert max(sheet.size) <= MAX_SIDE and sheet.size == (10 * first["cell"][0],
                                                          7 * first["cell"][1])


def test_a_cell_is_never_enlarged():
    assert cell_size((100, 140), 3, 1) == (100, 140)
    assert cell_size((815, 1110), 10, 7) == (409, 557)
