"""The duplex alignment test: a numbered ruler on the front, a plain cross on the back.

Print both pages on one sheet (long-edge flip) and hold it to the light. The back's cross
falls on the front's rulers: the numbers under its arms are what to add to ``--back-offset
X,Y`` (in mm; the vertical ruler is numbered with the sign the offset needs, since the back
page's X is mirrored and its Y is not). The page's words come translated from the caller.
"""

from __future__ import annotations

from reportlab.lib.colors import black
from reportlab.lib.units import mm

from .pdf_fonts import REGULAR

RULER_MM = 10  # ticks every mm from -10 to +10 mm, numbered every 5 mm
NUMBER_SIZE = 5.0
CROSS_ARM = (RULER_MM + 3) * mm


def _ruler(c, cx: float, cy: float) -> None:
    """A horizontal ruler (ticks and numbers above its axis) and a vertical one (to the right
    of its axis) crossing at the slot centre."""
    c.setLineWidth(0.35)
    c.setFont(REGULAR, NUMBER_SIZE)
    for k in range(-RULER_MM, RULER_MM + 1):
        long = 2.4 * mm if k % 5 == 0 else 1.2 * mm
        c.line(cx + k * mm, cy, cx + k * mm, cy + long)
        c.line(cx, cy + k * mm, cx + long, cy + k * mm)
        if k % 5 == 0 and k:
            c.drawCentredString(cx + k * mm, cy + 2.4 * mm + 1.0, f"{k:+d}")
            c.drawString(cx + 2.4 * mm + 1.0, cy + k * mm - NUMBER_SIZE * 0.35, f"{-k:+d}")
    c.line(cx - RULER_MM * mm, cy, cx + RULER_MM * mm, cy)
    c.line(cx, cy - RULER_MM * mm, cx, cy + RULER_MM * mm)
    c.circle(cx, cy, 0.6 * mm, stroke=1, fill=0)


def _cross(c, cx: float, cy: float) -> None:
    c.setLineWidth(0.5)
    c.line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy)
    c.line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM)


def draw_alignment_page(c, sheet, back: bool, offset, texts: dict | None = None) -> None:
    """One side of the test: each slot's outline and corners; a ruler (front) or a cross
    (back) at its centre; the side's heading and instructions in the top margin."""
    texts = texts or {}
    size = 3 * mm
    c.saveState()
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.5)
    for i in range(sheet.per_page):
        x, y = sheet.back_slot(i, offset) if back else sheet.slot(i)
        c.rect(x, y, sheet.card_w, sheet.card_h, stroke=1, fill=0)
        for px, py in ((x, y), (x + sheet.card_w, y), (x, y + sheet.card_h),
                       (x + sheet.card_w, y + sheet.card_h)):  # fmt: skip
            c.line(px - size, py, px + size, py)
            c.line(px, py - size, px, py + size)
        cx, cy = x + sheet.card_w / 2, y + sheet.card_h / 2
        (_cross if back else _ruler)(c, cx, cy)
        c.setLineWidth(0.5)
    heading = texts.get("back" if back else "front",
                        f"{'BACK' if back else 'FRONT'} \u00b7 duplex alignment test")
    steps = texts.get("steps", "Print both sides at 100 %, flip on the long edge, hold the "
                      "sheet to the light.")
    read = texts.get("read", "Add the numbers under the back's cross to --back-offset X,Y (mm).")
    # the words go in the top middle slot, above its ruler or cross
    x, y = sheet.back_slot(sheet.cols // 2, offset) if back else sheet.slot(sheet.cols // 2)
    box = (x + 2 * mm, y + sheet.card_h / 2 + CROSS_ARM + 1 * mm, sheet.card_w - 4 * mm,
           sheet.card_h / 2 - CROSS_ARM - 2 * mm - size)
    _paragraph(c, f"<b>{_esc(heading)}</b><br/>{_esc(steps)}"
               + ("" if back else f"<br/>{_esc(read)}"), box)
    c.restoreState()


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _paragraph(c, markup: str, box) -> None:
    """``markup`` centred in ``box`` (x, y, w, h), from 8 pt down to 5 pt until it fits."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    x, y, w, h = box
    markup = markup.replace(" %", "\u00a0%")
    size = 8.0
    while True:
        style = ParagraphStyle("align", fontName=REGULAR, fontSize=size, leading=size * 1.2,
                               alignment=TA_CENTER)
        para = Paragraph(markup, style)
        _, need = para.wrap(w, h)
        if need <= h or size <= 5.0:
            break
        size -= 0.25
    para.drawOn(c, x, y + max(0.0, h - need))
