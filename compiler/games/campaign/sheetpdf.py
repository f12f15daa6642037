"""The printable campaign sheet (issue 14): what a table keeps between adventures, drawn from
the engine's campaign sheet (JSON) in one of the five locales.

A4 portrait, Noto Sans (Greek, Cyrillic, Latin Extended), reportlab's platypus: every name sits
in a Paragraph inside a table cell, so a long name wraps in its column and never runs over.
Blank ruled lines and boxes let a person keep the sheet by hand as well. The file is
deterministic (reportlab's invariant mode fixes the ID and the date) and written atomically.
The words come from :mod:`.sheetmodel`.
"""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from runeforge.atomic import write_bytes_atomic
from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, missing_glyphs, register_fonts

from .sheetmodel import check_locale, sheet_model, strings

INK, ACCENT, RULE, SHADE = (colors.HexColor("#1f2328"), colors.HexColor("#2f5d50"),
                            colors.HexColor("#9aa39a"), colors.HexColor("#e6ebe3"))
MARGIN = 14 * mm
FRAME_PAD = 6  # platypus frames keep 6 pt padding on each side
WIDTH = A4[0] - 2 * MARGIN - 2 * FRAME_PAD
BOX = 3.2 * mm
BLANK_ROWS = 2  # empty ruled rows under each list a person adds to by hand


def _styles() -> dict:
    base = ParagraphStyle("cell", fontName=REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    return {
        "cell": base,
        "small": ParagraphStyle("small", parent=base, fontSize=7.5, leading=9),
        "head": ParagraphStyle("head", parent=base, fontName=BOLD),
        "colhead": ParagraphStyle("colhead", parent=base, fontName=BOLD, fontSize=7.5, leading=9),
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=17, leading=21,
                                textColor=ACCENT),
        "h2": ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=11.5, leading=14,
                             textColor=ACCENT, spaceBefore=7, spaceAfter=3),
        "note": ParagraphStyle("note", parent=base, fontName=ITALIC, fontSize=7.5, leading=9),
    }


class CheckBox(Flowable):
    """A box to tick by hand, drawn ticked when ``ticked`` (no glyph needed)."""

    def __init__(self, ticked: bool = False, filled: bool = False):
        super().__init__()
        self.ticked, self.filled = ticked, filled
        self.width = self.height = BOX

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.setFillColor(ACCENT if self.filled else colors.white)
        c.rect(0, 0, BOX, BOX, stroke=1, fill=1)
        if self.ticked:
            c.setStrokeColor(ACCENT)
            c.setLineWidth(1.2)
            c.lines([(0.18 * BOX, 0.5 * BOX, 0.42 * BOX, 0.2 * BOX),
                     (0.42 * BOX, 0.2 * BOX, 0.85 * BOX, 0.85 * BOX)])


class Ruled(Flowable):
    """Empty lines to write on: as many as the page has room for, from ``least`` to ``most``
    (fewer than ``least`` fit: the lines go to the next page)."""

    def __init__(self, least: int, most: int, gap: float = 6.5 * mm):
        super().__init__()
        self.least, self.most, self.gap = least, most, gap
        self.n = most

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.n = max(self.least, min(self.most, int(avail_height // self.gap)))
        self.height = self.n * self.gap
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        for i in range(self.n):
            c.line(0, i * self.gap, self.width, i * self.gap)


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _list(items, style, empty: str) -> Paragraph:
    return _p(", ".join(items) if items else "—" if empty == "" else empty, style)


def _table(rows, widths, header: bool = True, extra=()) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), SHADE))
    table.setStyle(TableStyle(commands + list(extra)))
    return table


def _summary(m: dict, st: dict) -> list:
    L = m["labels"]
    rows = [
        [_p(L["campaign"], st["head"]), _p(m["campaign"], st["cell"]),
         _p(L["purse"], st["head"]), _p(str(m["gold"]), st["head"])],
        [_p(L["act"], st["head"]), _p(m["act"], st["cell"]),
         _p(L["step"], st["head"]), _p(m["step"], st["cell"])],
        [_p(L["next"], st["head"]), _p(m["next"], st["cell"]),
         _p(L["campaign_winner"], st["head"]), _p(m["winner"], st["cell"])],
    ]
    w = WIDTH
    out = [_table(rows, [0.17 * w, 0.37 * w, 0.22 * w, 0.24 * w], header=False)]
    boxes = [[_p(L["purse_history"], st["small"])] + [""] * 9]
    out.append(Spacer(1, 2 * mm))
    out.append(_table(boxes, [0.22 * w] + [0.78 * w / 9] * 9, header=False,
                      extra=[("ROWHEIGHT", (0, 0), (-1, -1), 8 * mm)]))
    return out


def _hero(h: dict, m: dict, st: dict) -> Table:
    L = m["labels"]
    w = WIDTH
    title = f"{h['name']} · {h['hero']} · {h['class']}"
    rows = [
        [_p(title, st["head"]), "", _p(L["xp"], st["head"]), _p(str(h["xp"]), st["head"])],
        [_p(L["skills"], st["head"]), _list(h["skills"], st["cell"], ""), "", ""],
        [_p(L["items"], st["head"]), _list(h["items"], st["cell"], ""), "", ""],
        [_p(L["relics"], st["head"]), _list(h["relics"], st["cell"], ""), "", ""],
        [_p(f"{L['wounds']} / {L['fatigue']}", st["small"]),
         _p(f"{h['wounds']} / {h['fatigue']}", st["cell"]),
         _p(L["conditions"], st["small"]), _list(h["conditions"], st["cell"], "")],
        [_p("+", st["small"]), "", "", ""],
    ]
    spans = [("SPAN", (0, 0), (1, 0)), ("SPAN", (1, 1), (3, 1)), ("SPAN", (1, 2), (3, 2)),
             ("SPAN", (1, 3), (3, 3)), ("SPAN", (1, 5), (3, 5)),
             ("BACKGROUND", (0, 0), (-1, 0), SHADE),
             ("ROWHEIGHT", (0, 5), (-1, 5), 9 * mm)]
    return _table(rows, [0.2 * w, 0.44 * w, 0.24 * w, 0.12 * w], header=False, extra=spans)


def _overlord(m: dict, st: dict) -> list:
    L = m["labels"]
    o = m["overlord"]
    w = WIDTH
    rows = [[_p(f"{o['name']} · {L['overlord']}", st["head"]),
             _p(L["xp"], st["head"]), _p(str(o["xp"]), st["head"])]]
    rows.append([_p(f"{L['deck']} ({o['deck_size']})", st["head"]), "", ""])
    for head, cards in o["deck"]:
        rows.append([_p(head, st["cell"]), _p(", ".join(cards), st["cell"]), ""])
    if m["role"] == "overlord":  # his eyes only: the hand drawn at travel (R41)
        rows.append([_p(L["hand"], st["head"]), _list(o["hand"], st["cell"], L["none"]), ""])
    rows.append([_p(L["set_aside"], st["head"]), _list(o["set_aside"], st["cell"], L["none"]),
                 ""])
    given = [f"{lt}: {relic}" for lt, relic in o["lieutenants"]]
    rows.append([_p(L["lieutenant_relics"], st["head"]), _list(given, st["cell"], L["none"]),
                 ""])
    rows.append([_p(L["stored"], st["head"]), _list(o["stored"], st["cell"], L["none"]), ""])
    rows.append([_p("+", st["small"]), "", ""])
    n = len(rows)
    spans = [("SPAN", (0, 1), (2, 1))] + [("SPAN", (1, i), (2, i)) for i in range(2, n)]
    spans += [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("ROWHEIGHT", (0, n - 1), (-1, n - 1),
                                                       9 * mm)]
    return [_table(rows, [0.3 * w, 0.52 * w, 0.18 * w], header=False, extra=spans)]


def _winner_cells(winner, st) -> list:
    return [CheckBox(ticked=winner == "heroes"), CheckBox(ticked=winner == "overlord")]


def _path(m: dict, st: dict) -> Table:
    L = m["labels"]
    w = WIDTH
    rows = [[_p(L["no"], st["head"]), _p(L["part"], st["head"]), _p(L["adventure"], st["head"]),
             _p(L["heroes"], st["head"]), _p(L["overlord"], st["head"])]]
    for r in m["path"]:
        if r["adventure"]:
            what = _p(r["adventure"], st["cell"])
        elif r["options"]:
            what = Paragraph(f"<font name='{BOLD}'>{escape(L[r['options_label']])}:</font> "
                             + escape(", ".join(r["options"])), st["cell"])
        else:
            what = _p("", st["cell"])
        rows.append([_p(str(r["no"]), st["cell"]), _p(r["part"], st["cell"]), what]
                    + _winner_cells(r["winner"], st))
    return _table(rows, [0.07 * w, 0.18 * w, 0.51 * w, 0.12 * w, 0.12 * w],
                  extra=[("ROWHEIGHT", (0, 1), (-1, -1), 8 * mm),
                         ("ALIGN", (3, 1), (4, -1), "CENTER")])


def _adventures(m: dict, st: dict) -> Table:
    L = m["labels"]
    w = WIDTH
    rows = [[_p(L[k], st["colhead"]) for k in ("part", "adventure", "location", "played",
                                                "winner", "available")]]
    marks = []
    for i, a in enumerate(m["adventures"], 1):
        winner = L[a["winner"]] if a["winner"] else ""
        rows.append([_p(a["part"], st["small"]), _p(a["name"], st["cell"]),
                     _p(a["location"], st["small"]), CheckBox(ticked=a["played"]),
                     _p(winner, st["small"]),
                     CheckBox(filled=True) if a["available"] else ""])
        if a["available"]:
            marks.append(("BACKGROUND", (0, i), (-1, i), SHADE))
    return _table(rows, [0.19 * w, 0.28 * w, 0.19 * w, 0.11 * w, 0.11 * w, 0.12 * w],
                  extra=[("ALIGN", (3, 1), (3, -1), "CENTER"),
                         ("ALIGN", (5, 1), (5, -1), "CENTER")] + marks)


def _story(m: dict) -> list:
    st = _styles()
    L = m["labels"]
    story = [_p(f"{L['title']} · {m['campaign']}", st["title"]), _p(L["by_hand"], st["note"]),
             Spacer(1, 3 * mm)]
    story += _summary(m, st)
    story.append(_p(L["heroes"], st["h2"]))
    for h in m["heroes"]:
        story.append(KeepTogether([_hero(h, m, st), Spacer(1, 2 * mm)]))
    story.append(KeepTogether([_p(L["overlord"], st["h2"])] + _overlord(m, st)))
    story.append(KeepTogether([_p(L["adventures"], st["h2"]), _path(m, st)]))
    story.append(Spacer(1, 3 * mm))
    story.append(_adventures(m, st))
    story.append(KeepTogether([_p(L["notes"], st["h2"]), Spacer(1, 4 * mm), Ruled(4, 12)]))
    return story


def render_sheet_pdf(sheet: dict, bundle: dict, locale: str, warn=None,
                     role: str = "overlord") -> bytes:
    """The sheet's PDF as bytes (same input, same bytes)."""
    check_locale(locale)
    model = sheet_model(sheet, bundle, locale, role)
    register_fonts()
    if warn is not None:
        missing = sorted({ch for text in strings(model) for ch in missing_glyphs(text)})
        if missing:
            warn("the campaign sheet font (Noto Sans) has no glyph for "
                 + ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
                 + "; they print as empty boxes")
    L = model["labels"]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
        bottomMargin=MARGIN + 4 * mm, invariant=1, pageCompression=1,
        title=f"{L['title']}: {model['campaign']}", author="Runeforge", creator="Runeforge",
        subject=f"Campaign sheet ({locale})", lang=locale)

    def footer(canvas, doc_):
        canvas.saveState()
        canvas.setFont(REGULAR, 7)
        canvas.setFillColor(INK)
        canvas.drawString(MARGIN + FRAME_PAD, MARGIN, f"{L['title']} · {model['campaign']}")
        canvas.drawRightString(A4[0] - MARGIN - FRAME_PAD, MARGIN, f"{L['page']} {doc_.page}")
        canvas.restoreState()

    doc.build(_story(model), onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


def write_sheet_pdf(sheet: dict, bundle: dict, locale: str, path, warn=None,
                    role: str = "overlord") -> None:
    """Write the printable sheet of ``sheet`` in ``locale`` for ``role`` to ``path``
    (atomically)."""
    write_bytes_atomic(path, render_sheet_pdf(sheet, bundle, locale, warn, role))
