"""Sheets that make sense (issue 15): cards sorted by deck, one deck per sheet, subsets,
fronts only, a contents page, sheet labels, a translated alignment page with a ruler on the
front and a cross on the back, and the print note between two crop marks in every locale."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pypdf
import pytest
from pypdf.generic import ContentStream

from runeforge.backends.pdf_document import render_deck_pdf
from runeforge.backends.pdf_stage import sheet_texts
from tests.test_pdf_fixtures import at, deck, lines, page_ops

MM = 72 / 25.4
LOCALES = ("en", "fi", "pl", "el", "ru", "en-XA")


def _decked():
    """The fixture deck with two decks interleaved: a, b, a, b ..."""
    return [replace(f, deck="deck-a" if i % 2 == 0 else "deck-b",
                    deck_name="Deck A" if i % 2 == 0 else "Deck B")
            for i, f in enumerate(deck() * 3)]


def _reader(data):
    return pypdf.PdfReader(io.BytesIO(data))


def test_cards_are_sorted_by_deck_and_each_sheet_holds_one_deck():
    faces = _decked()
    data, layout = render_deck_pdf(faces, contents=True, label="core-en")
    fronts = [r for r in layout["cards"] if r["side"] == "front"]
    order = [r["deck"] for r in fronts]
    assert order == sorted(order, key=["deck-a", "deck-b"].index)  # a's cards, then b's
    by_page: dict = {}
    for r in layout["cards"]:
        by_page.setdefault(r["page"], set()).add(r["deck"])
    assert all(len(decks) == 1 for decks in by_page.values())
    # the first sheet's fronts and backs are pages 1 and 2; the contents page comes last
    assert min(r["page"] for r in fronts) == 1
    assert layout["contents_pages"] == [layout["pages"]]
    assert all(r["page"] % 2 == 1 for r in fronts)
    assert all(r["page"] % 2 == 0 for r in layout["cards"] if r["side"] == "back")
    # within a deck, the given order is kept
    a_ids = [f.id for f in faces if f.deck == "deck-a"]
    assert [r["card"] for r in fronts if r["deck"] == "deck-a" and r["copy"] == 0] == a_ids


def test_contents_page_lists_every_deck_with_counts():
    faces = _decked()
    data, layout = render_deck_pdf(faces, contents=True, texts=sheet_texts("pl"))
    assert layout["contents_pages"] == [layout["pages"]]
    text = _reader(data).pages[-1].extract_text()
    assert "Spis treści" in text and "Talia" in text and "Egzemplarze" in text
    cells = text.splitlines()  # the table's cells, row by row
    for deck_id, name in (("deck-a", "Deck A"), ("deck-b", "Deck B")):
        faces_of = [f for f in faces if f.deck_name == name]
        copies = sum(f.count for f in faces_of)
        i = next(k for k, cell in enumerate(cells) if cell.startswith(name))
        sheets = [s["page"] for s in layout["sheets"] if s["deck"] == deck_id
                  and s["side"] == "front"]
        assert cells[i + 1: i + 4] == [str(len(faces_of)), str(copies),
                                       f"{sheets[0]}\u2013{sheets[-1]}"], cells[i:i + 4]
    assert cells[-3:] == ["\u03a3", str(len(faces)), str(sum(f.count for f in faces))]


def test_sheet_labels_name_pack_deck_sheet_and_side():
    data, layout = render_deck_pdf(_decked(), label="core-ru", texts=sheet_texts("ru"))
    reader = _reader(data)
    n = len(layout["sheets"]) // 2
    first = " ".join(line["text"] for line in lines(reader.pages[0]))
    assert f"core-ru \u00b7 deck-a \u00b7 лист 1/{n} \u00b7 лицо" in first
    back = " ".join(line["text"] for line in lines(reader.pages[1]))
    assert f"лист 1/{n} \u00b7 рубашка" in back
    last = " ".join(line["text"] for line in lines(reader.pages[-2]))
    assert f"deck-b \u00b7 лист {n}/{n}" in last
    # labels stay in the top margin, above every card's bleed
    top = max(r["trim_box"][3] for r in layout["cards"] if r["page"] == 1)
    label = next(line for line in lines(reader.pages[0]) if "лист" in line["text"])
    assert label["y"] > top + 3 * MM


def test_fronts_only_leaves_out_back_pages():
    _, layout = render_deck_pdf(_decked(), backs=False, contents=True)
    assert {r["side"] for r in layout["cards"]} == {"front"}
    assert layout["pages"] == 1 + len(layout["sheets"])
    assert layout["contents_pages"] == [layout["pages"]]


@pytest.mark.parametrize("locale", LOCALES)
def test_alignment_page_is_translated_with_a_ruler_front_and_a_cross_back(locale):
    texts = sheet_texts(locale)
    data, layout = render_deck_pdf(deck(locale if locale in ("en", "pl", "el", "ru") else "en"),
                                   alignment_page=True, texts=texts)
    reader = _reader(data)
    assert layout["alignment_pages"] == [1, 2]
    front = reader.pages[0].extract_text().replace("\n", " ")
    back = reader.pages[1].extract_text().replace("\n", " ")
    heading_front = texts["align_front"].split(" \u00b7 ")[0]
    heading_back = texts["align_back"].split(" \u00b7 ")[0]
    assert heading_front in front and heading_back in back
    if locale != "en":
        assert "duplex alignment" not in front + back  # nothing English left
    # the front's rulers are numbered; the back has a plain cross and no numbers
    for number in ("+5", "+10", "-5", "-10"):
        assert number in front
    assert "+5" not in back and "+10" not in back
    cross = ContentStream(reader.pages[1].get_contents(), reader).operations
    assert sum(1 for _, op in cross if op == b"l") >= 9 * (2 + 8)  # corners and the cross


def _marks(reader, page_index):
    """Straight segments of a page's own content, in page coordinates (q/Q and cm followed:
    the print note may be drawn turned a quarter)."""
    segs, start = [], None
    for operands, op, ctm in page_ops(reader, page_index):
        if op == b"m":
            start = at(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            end = at(ctm, float(operands[0]), float(operands[1]))
            segs.append((start, end))
            start = end
    return segs


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("card_size", ["poker", "mini"])
@pytest.mark.parametrize("locale", LOCALES)
def test_print_note_fits_between_the_crop_marks(paper, card_size, locale):
    texts = sheet_texts(locale)
    data, layout = render_deck_pdf(deck(), paper=paper, card_size=card_size, bleed_mm=3,
                                   texts=texts)
    reader = _reader(data)
    note = layout["sheets"][0]["note_box"]
    assert note is not None, "no margin holds the print note"
    x0, y0, x1, y1 = note
    assert 0 <= x0 and 0 <= y0 and x1 <= float(reader.pages[0].mediabox.width)
    # the note's text is drawn inside its box, whole
    words = [line for line in lines(reader.pages[0]) if "100" in line["text"]]
    assert words and "".join(w["text"] for w in words).replace(" ", "") == \
        texts["print_note"].replace(" ", "").replace("\u00a0", "")
    for w in words:
        assert x0 - 0.5 <= w["x"] <= x1 + 0.5 and y0 - 0.5 <= w["y"] <= y1 + 0.5
    # no crop mark crosses the note, and the note stays off every card and its bleed
    bars: list[float] = []
    for (a, b), (c, d) in _marks(reader, 0):
        if all(x0 - 0.01 <= u <= x1 + 0.01 for u in (a, c)) and \
                all(y0 - 0.01 <= v <= y1 + 0.01 for v in (b, d)):
            bars.append(((a - c) ** 2 + (b - d) ** 2) ** 0.5 / MM)
            continue  # the note's own 50 mm bar
        if abs(a - c) < 0.01 and not (b == d):  # a vertical mark: its x outside the note
            lo, hi = min(b, d), max(b, d)
            assert not (x0 < a < x1 and lo < y1 and hi > y0), ((a, b, c, d), note)
        if abs(b - d) < 0.01 and not (a == c):
            lo, hi = min(a, c), max(a, c)
            assert not (y0 < b < y1 and lo < x1 and hi > x0), ((a, b, c, d), note)
    assert any(abs(length - 50) < 0.01 for length in bars), bars
    bx, by = (v * MM for v in layout["bleed_mm"])
    for r in layout["cards"]:
        if r["page"] != 1:
            continue
        cx0, cy0, cx1, cy1 = r["trim_box"]
        assert x1 <= cx0 - bx or x0 >= cx1 + bx or y1 <= cy0 - by or y0 >= cy1 + by


def test_build_prints_a_subset_of_decks_and_cards(cli, tmp_path):
    out = tmp_path / "out"
    res = cli("build", "--out", out, "--locale", "fi", "--decks", "hero", "--fronts-only")
    assert res.exit_code == 0, res.output
    layouts = sorted((out / "pdf").glob("*.layout.json"))
    assert layouts, res.output
    for path in layouts:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert {r["deck"] for r in doc["cards"]} == {"hero"}
        assert {r["side"] for r in doc["cards"]} == {"front"}
    out2 = tmp_path / "out2"
    res = cli("build", "--out", out2, "--locale", "en", "--cards", "sellsword,hill-ogre")
    assert res.exit_code == 0, res.output
    assert [p.name for p in (out2 / "pdf").glob("*.pdf")] == ["core-en.pdf"]
    doc = json.loads((out2 / "pdf" / "core-en.layout.json").read_text(encoding="utf-8"))
    assert {r["card"] for r in doc["cards"]} == {"sellsword", "hill-ogre"}


def test_unknown_deck_or_card_is_a_usage_error(cli, tmp_path):
    res = cli("build", "--out", tmp_path / "o", "--locale", "en", "--decks", "markte")
    assert res.exit_code == 2
    assert "unknown deck 'markte'" in res.output and "market" in res.output
    res = cli("build", "--out", tmp_path / "o", "--locale", "en", "--cards", "sellswrod")
    assert res.exit_code == 2
    assert "[RF004]" in res.output and "sellsword" in res.output
    assert not (tmp_path / "o" / "pdf").exists()
