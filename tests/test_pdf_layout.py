"""Where things land on the page: text inside trim boxes, mirrored backs, crop marks off cards.

Positions are read back from the PDF (pypdf text visitor, content-stream operators), and
compared with the trim boxes of the layout JSON.
"""

from __future__ import annotations

import json

import pypdf
import pytest
from pypdf.generic import ContentStream

from runeforge.backends.pdf_document import build_deck_pdf
from runeforge.backends.pdf_fonts import missing_glyphs
from tests.test_pdf_fixtures import (
    LOCALE_TEXT,
    deck,
    inside,
    lines,
    long_card,
    norm,
    page_ops,
)

MM = 72 / 25.4


def _build(tmp_path, faces, **options):
    out, layout = tmp_path / "deck.pdf", tmp_path / "layout.json"
    warnings = []
    build_deck_pdf(faces, out, layout_json=layout, warn=warnings.append, **options)
    return pypdf.PdfReader(str(out)), json.loads(layout.read_text(encoding="utf-8")), warnings


def _fronts_by_page(doc):
    pages: dict[int, list] = {}
    for r in doc["cards"]:
        if r["side"] == "front":
            pages.setdefault(r["page"], []).append(r)
    return pages


def _assert_all_text_inside_cards(reader, doc, note_words=("Print at 100", "sheet ")):
    checked = 0
    for page_no, records in _fronts_by_page(doc).items():
        for line in lines(reader.pages[page_no - 1]):
            if any(w in line["text"] for w in note_words):
                assert not any(inside(line, r["trim_box"], tol=-0.01) for r in records)
                continue
            assert any(inside(line, r["trim_box"]) for r in records), line
            checked += 1
    assert checked > 0


def test_pseudo_locale_text_stays_inside_trim_boxes(tmp_path):
    text = "".join(LOCALE_TEXT["xx"])
    assert not missing_glyphs(text)
    reader, doc, warnings = _build(tmp_path, deck("xx"))
    _assert_all_text_inside_cards(reader, doc)


@pytest.mark.parametrize("options", [{}, {"card_size": "mini"},
                                     {"mode": "print-shop", "bleed_mm": 3}])
def test_far_too_long_text_is_cut_inside_the_card_and_warned(tmp_path, options):
    card = long_card("fi")
    reader, doc, warnings = _build(tmp_path, [card], **options)
    page = reader.pages[0]
    box = doc["cards"][0]["trim_box"]
    drawn = lines(page)
    assert drawn
    for line in drawn:
        if "Print at 100" in line["text"] or line["text"].startswith("sheet "):  # margin notes
            continue
        assert inside(line, box), line
    text = norm(page.extract_text())
    assert "\u2026" in page.extract_text()  # cut with an ellipsis
    assert norm(LONG_BODY_START) in text
    rf701 = [d for d in warnings if d.code == "RF701"]
    assert rf701, "expected an RF701 warning"
    for d in rf701:
        assert d.path == "endless-litany" and d.severity == "warning"
        assert "'endless-litany' (fi)" in d.message
    assert any("rules text" in d.message for d in rf701)
    assert any("name" in d.message for d in rf701) or card.name.strip() in text


LONG_BODY_START = "Before each combat round, every hero in this space takes 1"


def _placements(reader, page_index, prefix):
    """(form kind, x, y) of each top-level form XObject whose name starts with ``prefix``."""
    out = []
    for operands, op, ctm in page_ops(reader, page_index):
        if op == b"Do" and str(operands[0]).startswith(prefix):
            kind = str(operands[0])[len(prefix):].split("-")[0]
            out.append((kind, round(ctm[4], 2), round(ctm[5], 2)))
    return out


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_back_pages_mirror_front_columns(tmp_path, offset):
    reader, doc, _ = _build(tmp_path, deck(), back_offset_mm=offset)
    page_w = float(reader.pages[0].mediabox.width)
    card_w = 63 * MM
    for front_page in (0, 2):
        fronts = _placements(reader, front_page, "/FormXob.rf-frame-")
        backs = _placements(reader, front_page + 1, "/FormXob.rf-back-")
        assert len(fronts) == len(backs) > 0
        for (fk, fx, fy), (bk, bx, by) in zip(fronts, backs, strict=True):
            assert bk == fk
            assert bx == pytest.approx(page_w - fx - card_w + offset[0] * MM, abs=0.02)
            assert by == pytest.approx(fy + offset[1] * MM, abs=0.02)
    # a left-column front has its back in the right column
    first = _placements(reader, 0, "/FormXob.rf-frame-")[0]
    assert first[1] < page_w / 3
    assert _placements(reader, 1, "/FormXob.rf-back-")[0][1] > page_w * 2 / 3 - 5 * MM
    # the layout JSON agrees with what was drawn
    back_boxes = [v for r in doc["cards"] if r["side"] == "back" and r["page"] == 2
                  for v in r["trim_box"][:2]]
    got = [v for _, x, y in _placements(reader, 1, "/FormXob.rf-back-") for v in (x, y)]
    assert got == pytest.approx(back_boxes, abs=0.02)


def _segments(reader, page_index):
    """Straight top-level path segments (crop marks, the print-note bar)."""
    ops = ContentStream(reader.pages[page_index].get_contents(), reader).operations
    segs, start = [], None
    for operands, op in ops:
        if op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            end = (float(operands[0]), float(operands[1]))
            segs.append((start, end))
            start = end
    return segs


def test_crop_marks_reach_every_cut_line_but_never_cross_a_card(tmp_path):
    reader, doc, _ = _build(tmp_path, deck())
    boxes = [r["trim_box"] for r in doc["cards"] if r["page"] == 1]
    segs = _segments(reader, 0)
    assert len(segs) > 20
    for (x0, y0), (x1, y1) in segs:
        for bx0, by0, bx1, by1 in boxes:
            overlap_x = min(max(x0, x1), bx1) - max(min(x0, x1), bx0)
            overlap_y = min(max(y0, y1), by1) - max(min(y0, y1), by0)
            assert not (overlap_x > 0.01 and overlap_y > 0.01), ((x0, y0, x1, y1), (bx0, by0))
    cuts_x = {round(b[0], 2) for b in boxes} | {round(b[2], 2) for b in boxes}
    cuts_y = {round(b[1], 2) for b in boxes} | {round(b[3], 2) for b in boxes}
    vertical = {round(a[0], 2) for a, b in segs if abs(a[0] - b[0]) < 0.01}
    horizontal = {round(a[1], 2) for a, b in segs if abs(a[1] - b[1]) < 0.01}
    assert cuts_x <= vertical and cuts_y <= horizontal
    # marks reach the sheet edge
    assert any(min(a[1], b[1]) <= 0.01 for a, b in segs if abs(a[0] - b[0]) < 0.01)


def test_alignment_page_pair_comes_first(tmp_path):
    reader, doc, _ = _build(tmp_path, deck(), alignment_page=True)
    assert doc["alignment_pages"] == [1, 2]
    assert len(reader.pages) == 6
    assert "alignment" in reader.pages[0].extract_text()
    assert min(r["page"] for r in doc["cards"]) == 3
