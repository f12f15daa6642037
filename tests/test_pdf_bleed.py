"""Bleed on sheets (issue 15): rendered with pdfium, the gutter next to a coloured card is
that card's colour, on fronts and backs; crop marks stay off the cards; margins hold."""

from __future__ import annotations

import pypdf
import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from runeforge.backends.pdf_document import render_deck_pdf
from tests.test_pdf_fixtures import deck

MM = 72 / 25.4
DPI = 100


def _render(data: bytes, page_index: int):
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[page_index]
        height = page.get_height()
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    return image, height


def _pixel(image, page_h, x_pt, y_pt):
    s = DPI / 72
    return image.getpixel((int(x_pt * s), int((page_h - y_pt) * s)))


def _close(a, b, tol=6):
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize("side", ["front", "back"])
def test_gutter_next_to_a_card_has_the_card_colour_with_bleed(side):
    for bleed, coloured in ((3.0, True), (0.0, False)):
        data, layout = render_deck_pdf(deck(), bleed_mm=bleed)
        records = [r for r in layout["cards"] if r["side"] == side and r["page"] <= 2]
        page = records[0]["page"]
        image, page_h = _render(data, page - 1)
        checked = 0
        for r in records:
            x0, y0, x1, y1 = r["trim_box"]
            mid = (y0 + y1) / 2
            card = _pixel(image, page_h, x1 - 0.6 * MM, mid)  # the frame, inside the trim
            gutter = _pixel(image, page_h, x1 + 1.2 * MM, mid)  # in the gutter, 1.2 mm out
            below = _pixel(image, page_h, (x0 + x1) / 2, y0 - 1.2 * MM)
            assert card != (255, 255, 255)
            if coloured:
                assert _close(gutter, card) and _close(below, card), (r["card"], gutter, card)
            else:
                assert gutter == (255, 255, 255) and below == (255, 255, 255)
            checked += 1
        assert checked >= 3
        assert layout["bleed_mm"] == [bleed, bleed]


def test_bleed_is_half_a_gutter_at_most_and_never_overlaps_a_neighbour():
    data, layout = render_deck_pdf(deck() * 2, bleed_mm=3, paper="Letter")
    bx, by = layout["bleed_mm"]
    assert bx == pytest.approx(3.0)
    # Letter keeps 3 rows of poker cards: 1.35 mm gutters between rows, so 0.675 mm of bleed
    assert by == pytest.approx(0.675, abs=0.01)
    boxes = [r["trim_box"] for r in layout["cards"] if r["page"] == 1]
    rows = sorted({round(b[1], 2) for b in boxes})
    assert len(rows) == 3
    gap = (rows[1] - (rows[0] + 88 * MM)) / MM
    assert gap == pytest.approx(2 * by, abs=0.01)


@pytest.mark.parametrize("paper, size, card_size", [
    ("Letter", (215.9, 279.4), "poker"), ("Letter", (215.9, 279.4), "mini"),
    ("Letter", (215.9, 279.4), "tarot"), ("A4", (210, 297), "poker"),
])
def test_margins_hold_on_every_paper(paper, size, card_size):
    minimum = 6.35 if paper == "Letter" else 4.0
    _, layout = render_deck_pdf(deck() * 2, bleed_mm=3, paper=paper, card_size=card_size)
    boxes = [r["trim_box"] for r in layout["cards"]]
    assert min(b[0] for b in boxes) / MM >= minimum - 0.01
    assert min(b[1] for b in boxes) / MM >= minimum - 0.01
    assert size[0] - max(b[2] for b in boxes) / MM >= minimum - 0.01
    assert size[1] - max(b[3] for b in boxes) / MM >= minimum - 0.01
    if (paper, card_size) == ("Letter", "poker"):
        assert sum(1 for r in layout["cards"] if r["page"] == 1) == 9  # still 3 x 3


def test_crop_marks_stay_off_the_cards_with_bleed():
    import io

    data, layout = render_deck_pdf(deck(), bleed_mm=3)
    reader = pypdf.PdfReader(io.BytesIO(data))
    boxes = [r["trim_box"] for r in layout["cards"] if r["page"] == 1]
    ops = ContentStream(reader.pages[0].get_contents(), reader).operations
    segs, start = [], None
    for operands, op in ops:
        if op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            segs.append((start, (float(operands[0]), float(operands[1]))))
    assert len(segs) > 20
    for (x0, y0), (x1, y1) in segs:
        for bx0, by0, bx1, by1 in boxes:
            overlap_x = min(max(x0, x1), bx1) - max(min(x0, x1), bx0)
            overlap_y = min(max(y0, y1), by1) - max(min(y0, y1), by0)
            assert not (overlap_x > 0.01 and overlap_y > 0.01)
