"""Print-service exports (issue 15): `build --export png` and `--colour cmyk`.

The PNGs are read back with Pillow (count, pixel size at the dpi with bleed, dpi metadata,
the manifest pairing fronts with their deck's back); CMYK is checked on every decompressed
content stream of the PDF, pages and forms, with pypdf's content-stream parser.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from pypdf.generic import ContentStream

CARDS = "village-archer,sellsword,crossroads-cutpurse,hill-ogre,sable-quickwind"
DECKS = {"village-archer": "market", "sellsword": "market",
         "crossroads-cutpurse": "adventure-green", "hill-ogre": "adventure-yellow",
         "sable-quickwind": "hero"}


@pytest.fixture(scope="module")
def png_build(tmp_path_factory):
    from click.testing import CliRunner

    from runeforge.cli import main

    out = tmp_path_factory.mktemp("export") / "out"
    res = CliRunner(env={"NO_COLOR": "1"}).invoke(
        main, ["build", "--out", str(out), "--locale", "en", "--cards", CARDS,
               "--export", "png", "--dpi", "300"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return out


def _manifest(folder: Path) -> list[dict]:
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_one_png_per_face_and_one_per_deck_back(png_build):
    folder = png_build / "png" / "core-en"
    rows = _manifest(folder)
    assert {r["card"] for r in rows} == set(DECKS)
    fronts = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.png")
                    if p.name != "back.png")
    backs = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("back.png"))
    assert len(fronts) == len(DECKS)  # one per card face, not one per copy
    assert backs == sorted(f"{d}/back.png" for d in set(DECKS.values()))
    assert sorted(r["front"] for r in rows) == fronts
    for r in rows:  # each front is paired with the back of its own deck
        assert r["deck"] == DECKS[r["card"]]
        assert r["back"] == f"{DECKS[r['card']]}/back.png"
        assert r["front"].startswith(f"{r['deck']}/") and r["front"].endswith(f"-{r['card']}.png")
    copies = {r["card"]: int(r["copies"]) for r in rows}
    assert copies["village-archer"] == 2 and copies["sable-quickwind"] == 1


def test_png_size_is_the_card_with_bleed_at_the_dpi(png_build):
    folder = png_build / "png" / "core-en"
    # 63 x 88 mm + 2 x 3 mm bleed = 69 x 94 mm at 300 dpi
    want = (round(69 / 25.4 * 300), round(94 / 25.4 * 300))
    assert want == (815, 1110)
    for path in folder.rglob("*.png"):
        with Image.open(path) as img:
            assert img.size == want, path
            assert img.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_front_png_shows_its_bleed_and_the_back_its_deck(png_build):
    folder = png_build / "png" / "core-en"
    front = next(folder.glob("market/*-village-archer.png"))
    with Image.open(front) as img:
        rgb = img.convert("RGB")
        corner = rgb.getpixel((3, 3))  # inside the 3 mm (35 px) bleed
        edge = rgb.getpixel((rgb.width // 2, 40))  # the frame just inside the trim
    assert corner == edge and corner != (255, 255, 255)
    with Image.open(folder / "market" / "back.png") as a, \
            Image.open(folder / "hero" / "back.png") as b:
        assert a.tobytes() != b.tobytes()  # decks have backs of their own


def test_600_dpi_doubles_the_pixels(cli, tmp_path):
    out = tmp_path / "out"
    res = cli("build", "--out", out, "--locale", "ru", "--cards", "sellsword", "--export",
              "png", "--dpi", "600", "--bleed", "2mm")
    assert res.exit_code == 0, res.output
    pngs = sorted((out / "png" / "core-ru").rglob("*.png"))
    assert [p.name for p in pngs] == ["001-sellsword.png", "back.png"]
    for p in pngs:
        with Image.open(p) as img:
            assert img.size == (round(67 / 25.4 * 600), round(92 / 25.4 * 600))


@pytest.mark.parametrize("args, words", [
    (["--dpi", "300"], "--export png"),
    (["--export", "png", "--dpi", "450"], "450"),
    (["--export", "svg"], "svg"),
    (["--colour", "hsv"], "hsv"),
    (["--bleed", "12mm"], "out of range"),
    (["--bleed", "wide"], "not a length"),
    (["--back-offset", "30,0"], "out of range"),
    (["--card-size", "250x250"], "does not fit"),
    (["--paper", "Letter", "--card-size", "200x280"], "does not fit"),
    (["--mode", "print-shop", "--alignment-page"], "for sheets"),
])
def test_option_misuse_is_exit_2(cli, tmp_path, args, words):
    out = tmp_path / "out"
    res = cli("build", "--out", out, "--locale", "en", *args)
    assert res.exit_code == 2, res.output
    assert words in res.output
    assert not out.exists() or not any(out.iterdir())


def _colour_operators(reader) -> set[bytes]:
    """Every colour operator in the page content streams and in the forms they draw."""
    ops: set[bytes] = set()
    seen: set = set()

    def walk_resources(resources):
        xobjects = resources.get("/XObject") if resources else None
        for ref in (xobjects or {}).values():
            if id(ref) in seen:
                continue
            seen.add(id(ref))
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                stream = ContentStream(obj, reader)
                ops.update(op for _, op in stream.operations)
                walk_resources(obj.get("/Resources"))

    for page in reader.pages:
        stream = ContentStream(page.get_contents(), reader)
        ops.update(op for _, op in stream.operations)
        walk_resources(page.get("/Resources"))
    return ops


def test_cmyk_pdf_has_no_rgb_colour_operator(cli, tmp_path):
    for colour in ("rgb", "cmyk"):
        out = tmp_path / colour
        res = cli("build", "--out", out, "--locale", "el", "--decks", "hero", "--colour",
                  colour, "--alignment-page")
        assert res.exit_code == 0, res.output
        ops = _colour_operators(pypdf.PdfReader(str(out / "pdf" / "core-el.pdf")))
        if colour == "rgb":
            assert {b"rg", b"RG"} & ops  # the check sees colour operators at all
        else:
            assert not {b"rg", b"RG", b"sc", b"SC"} & ops, ops
            assert {b"k", b"K"} <= ops


def test_png_export_is_deterministic_and_pairs_own_backs():
    from dataclasses import replace
    from functools import partial

    from runeforge.backends.pdf_document import render_deck_pdf
    from runeforge.backends.png_export import png_outputs
    from tests.test_pdf_fixtures import deck

    faces = [replace(f, deck="relics", own_back=(i == 0)) for i, f in enumerate(deck()[:3])]

    def export():
        return png_outputs(faces, "t-en", dpi=300, card_mm=(63.0, 88.0), bleed_mm=3.0,
                           render=partial(render_deck_pdf))

    first, second = export(), export()
    assert [(o.relpath, o.data) for o in first] == [(o.relpath, o.data) for o in second]
    names = sorted(o.relpath for o in first)
    own = f"png/t-en/relics/001-{faces[0].id}-back.png"
    assert own in names and "png/t-en/relics/back.png" in names
    assert len(names) == 3 + 2 + 1  # 3 fronts, the card's own back, the deck's back, manifest
