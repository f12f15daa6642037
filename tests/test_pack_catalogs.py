"""A fan pack carries its own catalogs (locales/<lang>/ inside the pack), made with the same
pybabel workflow as the bundled ones; text, build and check use them (issue 36)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from runeforge.cli import main

ROOT = Path(__file__).resolve().parents[1]
RUSSIAN = {"The Lantern Thief": "Фонарный вор", "Lamplighter's Ghost": "Призрак фонарщика",
           "Soot Imps": "Сажевые бесенята", "A Trail of Wax": "Восковой след",
           "Marsh Lights": "Болотные огни", "The Chandler's Bargain": "Сделка свечника"}
# "Guttering Candles" is left untranslated: check warns about it


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fan") / "lantern"
    shutil.copytree(ROOT / "examples" / "my-first-adventure", root)
    (root / "babel.cfg").write_text("[runeforge_cards: **.yaml]\n", encoding="utf-8")
    pot = root / "locales" / "pack.pot"
    pot.parent.mkdir()
    pybabel("extract", "-F", str(root / "babel.cfg"), "-o", str(pot), str(root))
    pybabel("init", "-i", str(pot), "-d", str(root / "locales"), "-D", "pack", "-l", "ru")
    po = root / "locales" / "ru" / "LC_MESSAGES" / "pack.po"
    with po.open("rb") as fh:
        catalog = read_po(fh)
    for message in catalog:
        if message.context == "card.name" and message.id in RUSSIAN:
            message.string = RUSSIAN[message.id]
    with po.open("wb") as fh:
        write_po(fh, catalog)
    return root


def test_the_extraction_finds_the_packs_names(pack):
    with (pack / "locales" / "pack.pot").open("rb") as fh:
        names = {m.id for m in read_po(fh) if m.context == "card.name"}
    assert set(RUSSIAN) | {"Guttering Candles"} <= names


def test_text_prints_the_packs_own_russian_names(pack):
    out = CliRunner().invoke(main, ["text", str(pack), "--locale", "ru", "--card",
                                    "marsh-lights"])
    assert out.exit_code == 0, out.output
    assert out.output.startswith("Болотные огни (marsh-lights)\n"), out.output


def test_a_russian_pdf_of_the_pack_has_its_russian_names(pack, tmp_path):
    out = CliRunner().invoke(main, ["build", str(pack), "--locale", "ru", "--out",
                                    str(tmp_path)])
    assert out.exit_code == 0, out.output
    pdfs = [p for p in (tmp_path / "pdf").glob("*my-first-adventure*ru*.pdf")]
    assert pdfs, sorted(p.name for p in (tmp_path / "pdf").iterdir())
    text = ""
    for path in pdfs:
        doc = pdfium.PdfDocument(str(path))
        text += " ".join(page.get_textpage().get_text_range() for page in doc)
        doc.close()
    folded = " ".join(text.split())
    missing = [name for name in RUSSIAN.values() if name not in folded]
    assert missing == []
    assert "Lamplighter's Ghost" not in folded


def test_check_warns_about_a_name_the_packs_catalog_leaves_out(pack):
    out = CliRunner().invoke(main, ["check", str(pack), "--format", "json"])
    assert out.exit_code == 0, out.output
    records, _ = json.JSONDecoder().raw_decode(out.output[out.output.index("["):])
    warned = [d for d in records if d["code"] == "RF601"]
    assert len(warned) == 1, warned
    assert "Guttering Candles" in warned[0]["message"] and "'ru'" in warned[0]["message"]
    assert warned[0]["path"].endswith("encounters.yaml") and warned[0]["line"] == 26


def test_the_studio_names_the_card_from_the_packs_catalog(pack):
    """The studio (and the language server, on the same analysis service) reads the pack's
    catalogs as `text` and `build` do."""
    from runeforge.studio.session import Session

    session = Session([pack])
    ref = next(f["path"] for f in session.files()["files"] if f["path"].endswith(
        "encounters.yaml"))
    text = session.read(ref)["text"]
    line = 1 + text[:text.index("Marsh Lights")].count("\n")
    card = session.analyse(ref, text, line)["card"]
    assert card["id"] == "marsh-lights", card["id"]
    assert card["names"]["ru"] == "Болотные огни" and card["names"]["en"] == "Marsh Lights"
