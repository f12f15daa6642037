"""Sheet placement: how many cards fit, where they go, crop marks, mirrored backs.

The grid is centred on the paper with fixed gutters. Crop marks run along every cut line,
but only where no card is: in the outer margins up to the sheet edge, and across the gutters
between rows or columns. Each mark is a white line under a black dashed one, so it shows on
light and dark art. Backs go on the following page at mirrored columns (long-edge duplex:
the sheet turns about its vertical axis), shifted by the back offset.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.lib.units import mm

from runeforge.diagnostics import Diagnostic, DiagnosticError

from .pdf_fonts import REGULAR

MARK_WIDTH = 0.6  # points
MARK_DASH = (2.0, 2.0)
MARK_CLEARANCE = 0.5 * mm  # marks stop this far from a card edge


@dataclass(frozen=True)
class Sheet:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter: float
    x0: float  # grid's bottom-left
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, i: int) -> tuple[float, float]:
        """Bottom-left of the front slot ``i`` (row-major from the top-left)."""
        row, col = divmod(i, self.cols)
        x = self.x0 + col * (self.card_w + self.gutter)
        y = self.y0 + (self.rows - 1 - row) * (self.card_h + self.gutter)
        return x, y

    def back_slot(self, i: int, offset: tuple[float, float]) -> tuple[float, float]:
        """Where the back of front slot ``i`` goes: mirrored column, shifted by ``offset``."""
        x, y = self.slot(i)
        return self.page_w - x - self.card_w + offset[0], y + offset[1]


def plan_sheet(paper_mm, card_mm, gutter_mm: float = 3.0, margin_mm: float = 4.0) -> Sheet:
    pw, ph = paper_mm
    cw, ch = card_mm
    cols = int((pw - 2 * margin_mm + gutter_mm) // (cw + gutter_mm))
    rows = int((ph - 2 * margin_mm + gutter_mm) // (ch + gutter_mm))
    if cols < 1 or rows < 1:
        raise DiagnosticError(Diagnostic(
            "RF702", f"a {cw:g}x{ch:g} mm card does not fit on {pw:g}x{ph:g} mm paper",
            path="<options>", hint="use a smaller card size, larger paper or print-shop mode",
        ))  # fmt: skip
    grid_w = cols * cw + (cols - 1) * gutter_mm
    grid_h = rows * ch + (rows - 1) * gutter_mm
    return Sheet(
        pw * mm, ph * mm, cw * mm, ch * mm, cols, rows, gutter_mm * mm,
        (pw - grid_w) / 2 * mm, (ph - grid_h) / 2 * mm,
    )  # fmt: skip


def _segments(cuts_lo, cuts_hi, limit):
    """Free intervals along a cut line: outside every card span [lo, hi]."""
    spans = sorted(zip(cuts_lo, cuts_hi, strict=True))
    free, pos = [], 0.0
    for lo, hi in spans:
        if lo - MARK_CLEARANCE > pos:
            free.append((pos, lo - MARK_CLEARANCE))
        pos = hi + MARK_CLEARANCE
    if pos < limit:
        free.append((pos, limit))
    return free


def draw_crop_marks(c, sheet: Sheet, used: int) -> None:
    """Marks for the cut lines of the first ``used`` slots (all rows of a partial page)."""
    rows_used = -(-used // sheet.cols)
    cols_used = min(used, sheet.cols)
    slots = [sheet.slot(i) for i in range(rows_used * sheet.cols)]
    xs = sorted({x for x, _ in slots[:cols_used]} | {x + sheet.card_w for x, _ in slots[:cols_used]})
    ys = sorted({y for _, y in slots} | {y + sheet.card_h for _, y in slots})
    col_y = [(y, y + sheet.card_h) for y in sorted({y for _, y in slots})]
    row_x = [(x, x + sheet.card_w) for x in sorted({x for x, _ in slots[:cols_used]})]
    lines = []
    for x in xs:
        for a, b in _segments([s[0] for s in col_y], [s[1] for s in col_y], sheet.page_h):
            lines.append((x, a, x, b))
    for y in ys:
        for a, b in _segments([s[0] for s in row_x], [s[1] for s in row_x], sheet.page_w):
            lines.append((a, y, b, y))
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColor(white)
    c.lines(lines)
    c.setStrokeColor(black)
    c.setDash(*MARK_DASH)
    c.lines(lines)
    c.restoreState()


def draw_print_note(c, sheet: Sheet, text: str) -> None:
    """'Print at 100 %' with a 50 mm bar, in the bottom margin (or the left one if wider)."""
    bottom, left = sheet.y0, sheet.x0
    size = 6.0
    c.saveState()
    if bottom < 5 * mm and left >= 5 * mm:
        c.translate(left / 2 + size * 0.3, sheet.page_h / 2)
        c.rotate(90)
        x, y = -(50 * mm) / 2, 0
    elif bottom >= 7 * mm:  # text above the bar, both centred under the middle of the grid
        x, y = sheet.page_w / 2 - 25 * mm, bottom / 2 - size * 0.9
        c.setFont(REGULAR, size)
        c.setFillColor(black)
        c.drawCentredString(sheet.page_w / 2, y + size * 1.1, text)
        text = ""
    else:
        c.restoreState()
        return
    if text:
        c.setFont(REGULAR, size)
        c.setFillColor(black)
        c.drawCentredString(x + 25 * mm, y + size * 1.1, text)
    c.setLineWidth(0.8)
    c.line(x, y + size * 0.3, x + 50 * mm, y + size * 0.3)
    c.line(x, y, x, y + size * 0.6)
    c.line(x + 50 * mm, y, x + 50 * mm, y + size * 0.6)
    c.restoreState()


def draw_alignment_page(c, sheet: Sheet, back: bool, offset) -> None:
    """A duplex test: crosses at every slot's corners and centre, mirrored on the back.

    Print both sides, hold the sheet to the light; where the crosses do not coincide, the
    difference in mm is the back offset to use."""
    size = 3 * mm
    c.saveState()
    c.setLineWidth(0.5)
    for i in range(sheet.per_page):
        x, y = sheet.back_slot(i, offset) if back else sheet.slot(i)
        c.setStrokeColor(black)
        c.rect(x, y, sheet.card_w, sheet.card_h, stroke=1, fill=0)
        for px, py in ((x, y), (x + sheet.card_w, y), (x, y + sheet.card_h),
                       (x + sheet.card_w, y + sheet.card_h),
                       (x + sheet.card_w / 2, y + sheet.card_h / 2)):  # fmt: skip
            c.line(px - size, py, px + size, py)
            c.line(px, py - size, px, py + size)
        # 1 mm ticks left and above the centre help to read the shift
        cx, cy = x + sheet.card_w / 2, y + sheet.card_h / 2
        for k in range(-5, 6):
            c.line(cx + k * mm, cy + size * 1.6, cx + k * mm, cy + size * (2.2 if k % 5 else 2.6))
            c.line(cx - size * 1.6, cy + k * mm, cx - size * (2.2 if k % 5 else 2.6), cy + k * mm)
    c.setFont(REGULAR, 8)
    label = "BACK" if back else "FRONT"
    c.drawCentredString(sheet.page_w / 2, sheet.page_h - 3.5 * mm,
                        f"{label} - duplex alignment test: print both sides at 100 %, long-edge "
                        "flip, hold to the light; read the shift in mm on the ticks")  # fmt: skip
    c.restoreState()
