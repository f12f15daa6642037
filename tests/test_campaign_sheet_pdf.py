"""The printable campaign sheet (issue 14 item 3) on the bundled campaign: a sheet made by the
engine (a new campaign, adventures recorded by hand through the campaign phase) printed in all
five locales, then the real PDFs read back with pdfium: the seed's Russian terms, the players,
the purse, the adventures; names that wrap inside their cells; the same bytes twice; unknown
locales and bad sheets refused with clear errors."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest
from babel.messages import pofile
from click.testing import CliRunner

from runeforge.backends.pdf_fonts import missing_glyphs
from runeforge.diagnostics import DiagnosticError
from runeforge.engine.campaign.data import CampaignData
from runeforge.engine.campaign.phase.bots import HeuristicBot
from runeforge.engine.campaign.phase.machine import Campaign
from runeforge.engine.campaign.rules import progress
from runeforge.engine.campaign.runners.campaign import advance
from runeforge.engine.campaign.runners.manual import ManualRunner
from runeforge.engine.campaign.sheet.state import dumps, new_sheet
from runeforge.games.campaign.commands.sheet import sheet_command
from runeforge.games.campaign.sheetmodel import LABELS, UnknownLocale, label, sheet_model
from runeforge.games.campaign.sheetpdf import MARGIN, WIDTH, render_sheet_pdf, write_sheet_pdf
from runeforge.games.campaign.text import LOCALES, name
from runeforge.games.delve.text import name_of

LONG = "Wilhelmina-Ottoline-Featherstonehaugh-Konstantinopoulou-Vasilakis-Montgomery-Smythe"
A4_W, A4_H = 595.2756, 841.8898


@pytest.fixture(scope="module")
def bundle():
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle

    result = pipeline.check([])
    assert result.ok
    return build_bundle(result.content, result.compiled)


@pytest.fixture(scope="module")
def sheet(bundle):
    """Three heroes (one with a name too long for its cell) and an overlord; the Introduction
    and two Act I adventures recorded by hand, the phase's choices made by the heuristic bot,
    stopped at the XP step."""
    data = CampaignData(bundle)
    heroes = [c["id"] for c in bundle["cards"] if c.get("game") == "delve"
              and c.get("kind") == "hero"]
    game = Campaign(data, new_sheet(data, 7, [(LONG, heroes[0], "warrior"),
                                               ("Ксения", heroes[1], "mage"),
                                               ("Bo", heroes[2], "scout")], "Dmitri"),
                    {"heroes": HeuristicBot(), "overlord": HeuristicBot()}, debug=True)
    runner = ManualRunner([{"winner": "heroes", "search": []},
                           {"winner": "heroes", "search": [], "relic_to": "Ксения"},
                           {"winner": "overlord", "search": []}])
    while runner.results or game.sheet["step"] != "xp":
        advance(game, runner)
    assert len(game.sheet["played"]) == 3
    return game.sheet


@pytest.fixture(scope="module")
def pdfs(sheet, bundle, tmp_path_factory):
    out = tmp_path_factory.mktemp("sheet")
    paths = {}
    for locale in LOCALES:
        paths[locale] = out / f"sheet-{locale}.pdf"
        write_sheet_pdf(sheet, bundle, locale, paths[locale])
    return paths


def _pages(path):
    """[(text, [(char, box)])] per page, read by pdfium from the written file."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            tp = page.get_textpage()
            n = tp.count_chars()
            text = tp.get_text_range(0, n)
            out.append((text, [(text[i] if i < len(text) else "", tp.get_charbox(i))
                               for i in range(n)]))
        return out
    finally:
        pdf.close()


def _flat(path) -> str:
    return " ".join(" ".join(text for text, _ in _pages(path)).split())


def test_every_locale_prints_its_labels_players_and_purse(pdfs, sheet, bundle):
    cards = {c["id"]: c["name"] for c in bundle["cards"]}
    for locale, path in pdfs.items():
        assert path.read_bytes().startswith(b"%PDF-")
        text = _flat(path)
        for key in ("title", "purse", "xp", "skills", "items", "relics", "overlord",
                    "adventures", "notes", "act.interlude", "act.finale"):
            assert label(key, locale) in text, (locale, key)
        assert f"{label('purse', locale)} {sheet['gold']}" in text
        squeezed = text.replace(" ", "")
        for p in sheet["players"]:
            assert p["name"].replace(" ", "") in squeezed, (locale, p["name"])
            if p["side"] == "heroes":
                assert name_of(cards[p["hero"]], locale) in text, (locale, p["hero"])


def test_ru_sheet_uses_the_seed_004_terms(pdfs, sheet, bundle):
    text = _flat(pdfs["ru"])
    for term in ("Лист кампании", "Очки опыта (ОО)", "золотые", "Властелин", "Реликвии",
                 "адъютантов", "Акт I", "Акт II", "Интерлюдия", "Финал", "Введение"):
        assert term in text, term
    assert "Ксения" in text and "Dmitri · Властелин" in text
    assert f"Общий кошель (золотые) {sheet['gold']}" in text
    data = CampaignData(bundle)
    for entry in sheet["played"]:
        english = data.adventure(entry["adventure"])["name"]
        assert name("adventure", english, "ru") in text and english not in text
    relic = next(r for r in sheet["relics"] if r["side"] == "heroes")
    assert relic["holder"] == "Ксения"
    english = data.card(relic["id"])["hero"]["name"]
    assert name("card", english, "ru") in text and english not in text


def test_long_names_wrap_inside_the_page_and_their_cell(pdfs):
    """The 83-letter player name breaks inside the hero's title cell (two columns, 64 % of
    the width); no character of any page lies outside the margins."""
    left = MARGIN
    right = A4_W - MARGIN
    for locale, path in pdfs.items():
        found = 0
        for text, chars in _pages(path):
            for ch, (x0, y0, x1, y1) in chars:
                if ch.strip():
                    assert left - 1 <= x0 and x1 <= right + 1, (locale, ch, x0, x1)
                    assert 0 < y0 and y1 < A4_H - MARGIN + 1, (locale, ch, y0, y1)
            compact = text.replace("\r", "").replace("\n", "").replace("-", "")
            start = compact.find(LONG.replace("-", "")[:30])
            if start >= 0:
                found += 1
        assert found, f"{locale}: the long name is not in the PDF"
    # the cell: every character of the name's line(s) ends before the XP label column
    text, chars = _pages(pdfs["en"])[0]
    cell_right = MARGIN + 6 + 0.64 * WIDTH
    i = text.find("Wilhelmina")
    name_chars = [box for ch, box in chars[i:i + len(LONG) + 4] if ch.strip()]
    assert name_chars and max(box[2] for box in name_chars) <= cell_right + 1
    assert len({round(box[1]) for box in name_chars}) >= 2  # it took more than one line


def test_same_input_same_bytes(sheet, bundle, pdfs):
    first = render_sheet_pdf(sheet, bundle, "el")
    assert first == render_sheet_pdf(json.loads(dumps(sheet)), bundle, "el")
    assert first == pdfs["el"].read_bytes()
    assert b"/CreationDate (D:20000101000000" in first  # invariant mode: no clock in the file
    assert first != pdfs["ru"].read_bytes()


def test_the_adventure_table_follows_the_structure(sheet, bundle):
    data = CampaignData(bundle)
    model = sheet_model(sheet, bundle, "en")
    structure = data.doc["structure"]
    assert [r["part"] for r in model["path"]] == [LABELS[f"act.{a}"] for a in structure]
    filled = [r for r in model["path"] if r["adventure"]]
    assert [r["winner"] for r in filled] == [p["winner"] for p in sheet["played"]]
    current = [r for r in model["path"] if r["options"]]
    available = progress.available(data, sheet)
    assert len(current) == 1 and len(current[0]["options"]) == len(available) > 0
    assert current[0]["options_label"] == "available"  # the sheet rests at step xp
    assert sum(a["available"] for a in model["adventures"]) == len(available)
    assert len(model["adventures"]) == len(data.doc["adventures"])


def test_unknown_locale_is_refused_and_writes_nothing(sheet, bundle, tmp_path):
    target = tmp_path / "x.pdf"
    with pytest.raises(UnknownLocale, match=r"unknown locale 'de'.*en, fi, pl, el, ru"):
        write_sheet_pdf(sheet, bundle, "de", target)
    assert not target.exists()
    result = CliRunner().invoke(sheet_command, [str(tmp_path / "none.json"), "--locale", "xx",
                                                "--pdf", str(target)])
    assert result.exit_code == 2 and "unknown locale 'xx'" in result.output
    assert not target.exists()


def test_bad_sheet_is_a_located_error(sheet, tmp_path):
    bad = tmp_path / "camp.json"
    bad.write_text(dumps(sheet)[:400], encoding="utf-8")
    target = tmp_path / "x.pdf"
    result = CliRunner().invoke(sheet_command, [str(bad), "--locale", "ru",
                                                "--pdf", str(target)])
    assert isinstance(result.exception, DiagnosticError)
    text = str(result.exception)
    assert "RF961" in text and "camp.json:" in text and "not valid JSON" in text
    assert not target.exists()
    result = CliRunner().invoke(sheet_command, [str(tmp_path / "none.json"), "--pdf",
                                                str(target)])
    assert result.exit_code == 2 and "no campaign sheet" in result.output


def test_command_writes_the_same_pdf_as_the_library(sheet, pdfs, tmp_path):
    path = tmp_path / "camp.json"
    path.write_text(dumps(sheet), encoding="utf-8")
    target = tmp_path / "camp-ru.pdf"
    # through the real CLI, so `runeforge campaign sheet` is wired into the campaign group
    from runeforge.cli import main

    result = CliRunner().invoke(main, ["campaign", "sheet", str(path), "--locale", "ru",
                                       "--pdf", str(target), "--as", "overlord"])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == pdfs["ru"].read_bytes()


def test_sheet_labels_are_translated_in_every_catalog():
    from runeforge.games.campaign.text import _catalog_path

    for locale in LOCALES[1:]:
        with _catalog_path(locale).open("rb") as fh:
            catalog = pofile.read_po(fh, locale=locale)
        for key, english in LABELS.items():
            msg = catalog.get(english, context=f"campaign.sheet.{key}")
            assert msg is not None and msg.string and not msg.fuzzy, (locale, key)
            assert not missing_glyphs(msg.string), (locale, key)
        assert label("title", locale) != LABELS["title"]
