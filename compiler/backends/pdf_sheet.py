"""Sheet placement: how many cards fit, where they go, bleed, crop marks, margin notes.

The grid is centred on the paper. Cards are counted with the smallest gutter (1 mm); the
gutter is then widened up to ``max(3 mm, 2 x bleed)`` where the paper has room, so the
margins never fall under the paper's minimum (A4 4 mm, Letter 6.35 mm = 1/4 in, what US
printers leave unprinted). Each card's background extends ``bleed_x``/``bleed_y`` around it,
at most half a gutter, so a shifted cut or duplex print shows colour, not white.

Crop marks run along every cut line, but only where no card is: in the outer margins up to
the sheet edge, and across the gutters between rows or columns (over the bleed). Each mark is
a white line under a black dashed one, so it shows on light and dark art. Backs go on the
following page at mirrored columns (long-edge duplex: the sheet turns about its vertical
axis), shifted by the back offset.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from runeforge.diagnostics import Diagnostic, DiagnosticError

from .pdf_fonts import REGULAR

MARK_WIDTH = 0.6  # points
MARK_DASH = (2.0, 2.0)
MARK_CLEARANCE = 0.5 * mm  # marks stop this far from a card edge
MIN_GUTTER_MM = 1.0
GUTTER_MM = 3.0
MIN_MARGIN_MM = {"A4": 4.0, "Letter": 6.35}
NOTE_SIZES = (6.0, 5.5, 5.0)  # the print note's font sizes, largest first
BAR = 50 * mm


@dataclass(frozen=True)
class Sheet:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter_x: float
    gutter_y: float
    x0: float  # grid's bottom-left
    y0: float
    bleed_x: float = 0.0
    bleed_y: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def gutter(self) -> float:
        return min(self.gutter_x, self.gutter_y)

    def slot(self, i: int) -> tuple[float, float]:
        """Bottom-left of the front slot ``i`` (row-major from the top-left)."""
        row, col = divmod(i, self.cols)
        x = self.x0 + col * (self.card_w + self.gutter_x)
        y = self.y0 + (self.rows - 1 - row) * (self.card_h + self.gutter_y)
        return x, y

    def back_slot(self, i: int, offset: tuple[float, float]) -> tuple[float, float]:
        """Where the back of front slot ``i`` goes: mirrored column, shifted by ``offset``."""
        x, y = self.slot(i)
        return self.page_w - x - self.card_w + offset[0], y + offset[1]

    def bleed_box(self, x: float, y: float) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the card at (x, y) with its bleed."""
        bx, by = self.bleed_x, self.bleed_y
        return x - bx, y - by, self.card_w + 2 * bx, self.card_h + 2 * by

    @property
    def grid_top(self) -> float:
        return self.y0 + self.rows * self.card_h + (self.rows - 1) * self.gutter_y

    def column_spans(self) -> list[tuple[float, float]]:
        return [(x, x + self.card_w) for x in (self.slot(c)[0] for c in range(self.cols))]

    def row_spans(self) -> list[tuple[float, float]]:
        return [(y, y + self.card_h)
                for y in (self.slot(r * self.cols)[1] for r in range(self.rows))]


def plan_sheet(paper_mm, card_mm, bleed_mm: float = 0.0, margin_mm: float = 4.0) -> Sheet:
    pw, ph = paper_mm
    cw, ch = card_mm
    want = max(GUTTER_MM, 2 * bleed_mm)

    def axis(page, card):
        room = page - 2 * margin_mm
        n = int((room + MIN_GUTTER_MM) // (card + MIN_GUTTER_MM))
        gutter = min(want, (room - n * card) / (n - 1)) if n > 1 else want
        return n, gutter, n * card + (n - 1) * gutter

    cols, gx, grid_w = axis(pw, cw)
    rows, gy, grid_h = axis(ph, ch)
    if cols < 1 or rows < 1:
        raise DiagnosticError(Diagnostic(
            "RF702", f"a {cw:g}x{ch:g} mm card does not fit on {pw:g}x{ph:g} mm paper",
            path="<options>", hint="use a smaller card size, larger paper or print-shop mode",
        ))  # fmt: skip
    bx = min(bleed_mm, gx / 2 if cols > 1 else bleed_mm, (pw - grid_w) / 2 - 1.0)
    by = min(bleed_mm, gy / 2 if rows > 1 else bleed_mm, (ph - grid_h) / 2 - 1.0)
    return Sheet(
        pw * mm, ph * mm, cw * mm, ch * mm, cols, rows, gx * mm, gy * mm,
        (pw - grid_w) / 2 * mm, (ph - grid_h) / 2 * mm, max(0.0, bx) * mm, max(0.0, by) * mm,
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


def clip_to(c, box) -> None:
    """Clip the following drawing (inside a saveState) to ``box`` (x, y, w, h)."""
    p = c.beginPath()
    p.rect(*box)
    c.clipPath(p, stroke=0, fill=0)


def _wrap(text: str, size: float, width: float) -> list[str] | None:
    """``text`` on one line, or on two lines split at the most even space; None if too wide."""
    if stringWidth(text, REGULAR, size) <= width:
        return [text]
    words, best = text.split(" "), None
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        w = max(stringWidth(a, REGULAR, size), stringWidth(b, REGULAR, size))
        if w <= width and (best is None or w < best[0]):
            best = (w, [a, b])
    return best[1] if best else None


def _nearest(spans, centre):
    return min(spans, key=lambda s: (abs((s[0] + s[1]) / 2 - centre), s[0]))


def _bands(sheet: Sheet):
    """Where the note may go: (name, span_lo, span_hi, band_lo, band_hi). The span runs along
    a card's edge between the crop marks; the band runs from the paper edge to the bleed."""
    gap = MARK_CLEARANCE + 0.3 * mm
    lo, hi = _nearest(sheet.column_spans(), sheet.page_w / 2)
    yield "bottom", lo + gap, hi - gap, 1.5 * mm, sheet.y0 - sheet.bleed_y - 0.5 * mm
    lo, hi = _nearest(sheet.row_spans(), sheet.page_h / 2)
    yield "left", lo + gap, hi - gap, 1.5 * mm, sheet.x0 - sheet.bleed_x - 0.5 * mm


def _note_height(lines: int, size: float) -> float:
    return lines * size * 1.15 + size * 0.9


def note_layout(sheet: Sheet, text: str):
    """The first placement that fits: (band, lines, size); bottom margin first, then the left
    one turned, each between two crop marks; None when no margin is wide enough."""
    for band in _bands(sheet):
        _, s0, s1, b0, b1 = band
        if s1 - s0 < BAR:
            continue
        for n in (1, 2):
            for size in NOTE_SIZES:
                wrapped = _wrap(text, size, s1 - s0)
                if wrapped and len(wrapped) <= n and _note_height(len(wrapped), size) <= b1 - b0:
                    return band, wrapped, size
    return None


def draw_print_note(c, sheet: Sheet, text: str):
    """'Print at 100 %' over a 50 mm bar, between two crop marks of a margin. Returns the
    note's box [x0, y0, x1, y1] on the page, or None when no margin holds it."""
    found = note_layout(sheet, text)
    if found is None:
        return None
    (name, s0, s1, b0, b1), lines, size = found
    height = _note_height(len(lines), size)
    v0 = b0 + (b1 - b0 - height) / 2
    mid = (s0 + s1) / 2
    c.saveState()
    if name == "left":  # turned a quarter: local (u, v) -> page (b1 - v, u)
        c.translate(b1, 0)
        c.rotate(90)
        v0 = (b1 - b0 - height) / 2  # v = 0 at the bleed, growing to the paper edge
    c.setFillColor(black)
    c.setStrokeColor(black)
    c.setFont(REGULAR, size)
    for i, line in enumerate(lines):
        base = v0 + size * 1.1 + (len(lines) - 1 - i) * size * 1.15
        c.drawCentredString(mid, base, line)
    c.setLineWidth(0.8)
    x, y = mid - BAR / 2, v0
    c.line(x, y + size * 0.3, x + BAR, y + size * 0.3)
    c.line(x, y, x, y + size * 0.6)
    c.line(x + BAR, y, x + BAR, y + size * 0.6)
    c.restoreState()
    width = max([stringWidth(t, REGULAR, size) for t in lines] + [BAR])
    if name == "left":
        return [b1 - v0 - height, mid - width / 2, b1 - v0, mid + width / 2]
    return [mid - width / 2, v0, mid + width / 2, v0 + height]


def draw_sheet_label(c, sheet: Sheet, text: str) -> None:
    """A sheet's label ("core-en · sheet 3/20 · front") in the top margin, over the first
    column between its crop marks, shrunk to 5 pt at the least; when still too long its
    leading parts are dropped ("market · sheet 3/20 · front", then "sheet 3/20 · front"),
    and only what is left is cut at the end."""
    gap = MARK_CLEARANCE + 0.3 * mm
    x0, x1 = sheet.column_spans()[0]
    width = x1 - x0 - 2 * gap
    band_lo, band_hi = sheet.grid_top + sheet.bleed_y + 0.5 * mm, sheet.page_h - 1.5 * mm
    size = min(6.0, (band_hi - band_lo) / 1.1)
    if size < 4.0 or not text:
        return
    while size > 5.0 and stringWidth(text, REGULAR, size) > width:
        size -= 0.25
    parts = text.split(" \u00b7 ")
    while len(parts) > 2 and stringWidth(" \u00b7 ".join(parts), REGULAR, size) > width:
        parts = parts[1:]
    text = " \u00b7 ".join(parts)
    while len(text) > 1 and stringWidth(text, REGULAR, size) > width:
        text = text[:-2].rstrip() + "\u2026"
    c.saveState()
    c.setFont(REGULAR, size)
    c.setFillColor(black)
    c.drawString(x0 + gap, (band_lo + band_hi) / 2 - size * 0.35, text)
    c.restoreState()
