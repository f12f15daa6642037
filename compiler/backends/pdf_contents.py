"""The contents page of a sheet PDF: every deck with its kinds, card and copy counts and the
pages of its sheets. Also the grouping of faces by deck that the sheets follow."""

from __future__ import annotations

from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm

from .pdf_fonts import BOLD, REGULAR


def face_deck(face, decks: dict | None):
    """The deck of ``face``: from ``decks`` (card id -> deck), else its ``deck`` attribute
    ("" when it has none: such faces form one group)."""
    if decks is not None and face.id in decks:
        return decks[face.id]
    return getattr(face, "deck", "") or ""


def deck_groups(faces, decks: dict | None) -> list[tuple[object, list]]:
    """``[(deck, faces)]``: decks in the order of their first card, cards in given order."""
    groups: dict = {}
    for face in faces:
        groups.setdefault(face_deck(face, decks), []).append(face)
    return list(groups.items())


def _pages(pages: list[int]) -> str:
    if not pages:
        return "\u2013"
    return str(pages[0]) if len(pages) == 1 else f"{pages[0]}\u2013{pages[-1]}"


def contents_rows(groups, sheets_of: dict, texts: dict) -> list[list[str]]:
    """The table: a header, one row per deck and a total."""
    rows = [[texts["deck"], texts["cards"], texts["copies"], texts["sheets"]]]
    cards = copies = 0
    for deck, faces in groups:
        n = sum(max(1, int(f.count)) for f in faces)
        kinds = list(dict.fromkeys(f.label(f.kind) for f in faces))
        name = next((f.deck_name for f in faces if getattr(f, "deck_name", "")), "") \
            or texts.get(f"deck.{deck}") or (deck or "")
        rows.append([f"{name} ({', '.join(kinds)})" if name else ", ".join(kinds),
                     str(len(faces)), str(n), _pages(sheets_of.get(deck, []))])
        cards, copies = cards + len(faces), copies + n
    rows.append(["\u03a3", str(cards), str(copies), ""])
    return rows


def draw_contents_page(c, sheet, title: str, groups, sheets_of: dict, texts: dict) -> None:
    """A title and the table of decks, inside the page's margins."""
    from reportlab.platypus import Table, TableStyle

    margin = max(12 * mm, sheet.x0)
    width = sheet.page_w - 2 * margin
    c.saveState()
    c.setFillColor(black)
    c.setFont(BOLD, 14)
    c.drawString(margin, sheet.page_h - margin - 14, f"{title} \u2013 {texts['contents']}")
    rows = contents_rows(groups, sheets_of, texts)
    num = 22 * mm
    table = Table(rows, colWidths=[width - 3 * num, num, num, num], repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("FONT", (0, -1), (-1, -1), BOLD, 9),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, black),
        ("LINEABOVE", (0, -1), (-1, -1), 0.6, black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2), [HexColor("#ffffff"), HexColor("#f0ebe0")]),
    ]))  # fmt: skip
    _, h = table.wrapOn(c, width, sheet.page_h)
    table.drawOn(c, margin, sheet.page_h - margin - 14 - 8 * mm - h)
    c.restoreState()
