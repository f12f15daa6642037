"""One proxy PDF: options, pages, outline, metadata, layout records.

``render_deck_pdf`` is the backend's entry point; the caller loops over locales and sets.

Modes:
  ``sheet``       cards on A4 or Letter in a centred grid with gutters and crop marks; each
                  page of fronts is followed by a page of backs at mirrored columns
                  (long-edge duplex), shifted by ``back_offset_mm``. Each card's background
                  extends ``bleed_mm`` into the gutters (at most half a gutter, pdf_sheet).
                  Cards are sorted by deck and every deck starts on a sheet of its own;
                  an optional contents page (the last page) lists the decks and the pages of
                  their sheets; each sheet has a label.
  ``print-shop``  one card per page, page = card + 2 x bleed, TrimBox = the card and
                  BleedBox = the page; each front page is followed by its back page.

``colour="cmyk"`` writes every colour operator in DeviceCMYK (``k``/``K``). The PDF is built
in memory; ``build_deck_pdf`` writes it atomically (a failed or killed build leaves the old
file, or none). Output is deterministic (reportlab invariant mode; ``SOURCE_DATE_EPOCH``
sets the dates).
"""

from __future__ import annotations

import io
import json
import math
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from reportlab.lib.colors import CMYKColor, rgb2cmyk, toColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from runeforge import games
from runeforge.atomic import write_bytes_atomic
from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.games import resolve

from .faces import CardFace
from .pdf_alignment import draw_alignment_page
from .pdf_contents import deck_groups, draw_contents_page
from .pdf_fonts import REGULAR, register_fonts
from .pdf_sheet import (
    MIN_MARGIN_MM,
    clip_to,
    draw_crop_marks,
    draw_print_note,
    draw_sheet_label,
    plan_sheet,
)
from .pdf_style import card_size_mm, paper_size_mm

MODES = ("sheet", "print-shop")
COLOURS = ("rgb", "cmyk")
SHEET_TEXTS = {  # English defaults of the words on sheets (the build passes translations)
    "sheet": "sheet {n}/{total}", "front": "front", "back": "back",
    "contents": "Contents", "deck": "Deck", "cards": "Cards", "copies": "Copies",
    "sheets": "Pages",
}


def write_atomic(path, data: bytes) -> None:
    """Temp file in the same directory + os.replace (runeforge.atomic)."""
    write_bytes_atomic(path, data)


def _option_error(message: str, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError(Diagnostic("RF702", message, path="<options>", hint=hint))


def check_options(mode, bleed_mm, back_offset_mm, colour="rgb"):
    if mode not in MODES:
        raise _option_error(f"unknown mode '{mode}'", hint="use sheet or print-shop")
    if colour not in COLOURS:
        raise _option_error(f"unknown colour model '{colour}'", hint="use rgb or cmyk")
    if not (isinstance(bleed_mm, (int, float)) and 0 <= bleed_mm <= 10):
        raise _option_error(f"bleed {bleed_mm!r} mm is out of range (0..10 mm)")
    try:
        dx, dy = (float(v) for v in back_offset_mm)
    except (TypeError, ValueError):
        raise _option_error(f"back offset {back_offset_mm!r} is not (x_mm, y_mm)") from None
    if not (math.isfinite(dx) and math.isfinite(dy) and abs(dx) <= 20 and abs(dy) <= 20):
        raise _option_error(f"back offset {dx},{dy} mm is out of range (-20..20 mm)")
    return dx * mm, dy * mm


NEUTRAL = 0.04  # channels closer than this: a grey, printed with black ink (K) alone
INK = 0.2  # a grey this dark is the text's ink: solid K (no four plates to register)


def to_cmyk(colour):
    """Any reportlab colour as a CMYKColor (the canvas's enforceColorSpace hook). Greys and
    the near-black ink of text print with K alone (the ink as ``0 0 0 1 k``); other colours
    split with full grey replacement (reportlab's ``rgb2cmyk``)."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColor):
        return tc
    r, g, b = tc.red, tc.green, tc.blue
    if max(r, g, b) - min(r, g, b) < NEUTRAL:
        top = max(r, g, b)
        return CMYKColor(0, 0, 0, 1.0 if top <= INK else round(1 - (r + g + b) / 3, 4),
                         alpha=tc.alpha)
    c, m, y, k = rgb2cmyk(r, g, b)
    return CMYKColor(c, m, y, k, alpha=tc.alpha)


def _deck(face, back) -> dict:
    """A back record's deck and the back drawn (what ``draw_back`` returned), when known."""
    out = {"deck": face.deck} if getattr(face, "deck", "") else {}
    return {**out, "back": back} if isinstance(back, str) else out


def _draw_back(draw, face, x, y):
    """The back of one card: its own back when the face carries one (``face.back``, a face
    the drawer draws like a front: a double-sided card such as a campaign relic), else the
    back of its deck. Returns the key of the back drawn."""
    own = getattr(face, "back", None)
    if own is None:
        return draw.draw_back(face, x, y)
    draw.draw_face(own, x, y)
    return f"{getattr(face, 'deck', '') or 'card'}:{face.id}"


def _box(x, y, w, h) -> list[float]:
    return [round(x, 3), round(y, 3), round(x + w, 3), round(y + h, 3)]


def build_deck_pdf(faces: Iterable[CardFace], out_path, *, layout_json=None, **options):
    """Draw ``faces`` (``count`` copies each) into one PDF at ``out_path``, atomically.

    Takes the options of :func:`render_deck_pdf`. Returns the layout records
    ``{card, copy, page, side, slot, trim_box}`` (page is 1-based, trim_box is
    ``[x0, y0, x1, y1]`` in PDF points) and writes them, with the page size and count, to
    ``layout_json`` when given. A failure (also one raised by ``progress``) leaves the old
    files untouched.
    """
    data, layout = render_deck_pdf(faces, **options)
    out_path = Path(out_path)
    layout["pdf"] = out_path.name
    write_atomic(out_path, data)
    if layout_json:
        text = json.dumps(layout, ensure_ascii=False, indent=1, sort_keys=True)
        write_atomic(Path(layout_json), text.encode("utf-8") + b"\n")
    return layout["cards"]


def render_deck_pdf(
    faces: Iterable[CardFace],
    *,
    paper: str = "A4",
    card_size="poker",
    mode: str = "sheet",
    bleed_mm: float = 0.0,
    back_offset_mm=(0.0, 0.0),
    title: str = "Runeforge proxy deck",
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[Diagnostic], None] | None = None,
    backs: bool = True,
    alignment_page: bool = False,
    style_dir=None,
    drawer=None,
    keywords=None,
    decks: dict | None = None,
    contents: bool = False,
    label: str = "",
    texts: dict | None = None,
    colour: str = "rgb",
    output_profile: bytes | None = None,
) -> tuple[bytes, dict]:
    """The PDF bytes and the layout document ``{pages, page_size, mode, cards: [...]}``.

    ``progress(done, total)`` is called after each front drawn (an exception from it aborts
    the build). ``warn`` receives RF604 (missing glyph) and RF701 (text cut) warnings, once
    per face. ``backs=False`` leaves out back pages; ``alignment_page=True`` starts the
    document with a front/back pair of duplex alignment targets (sheet mode).
    ``drawer(canvas, w, h, bleed, warn)`` makes the face drawer and ``keywords`` are the PDF's
    keywords: both come from the game of the faces (default: the default game's face style).
    ``decks`` maps a card id to its physical deck (default: the face's ``deck`` attribute;
    without either, all cards form one deck). ``contents`` adds a contents page at the end
    (after the sheets, so that pages 1 and 2 are the first sheet's fronts and backs); ``label`` starts every sheet label ("core-en"); ``texts`` are the
    translated words of sheets, contents and the alignment page (keys of ``SHEET_TEXTS``,
    plus ``print_note`` and the alignment page's ``align_*``). ``colour="cmyk"`` makes a
    PDF/X-4 file (pdf_x) for ``output_profile`` (an ICC CMYK profile's bytes; default
    Runeforge's generic one), its art converted to CMYK through that profile.
    """
    faces = list(faces)
    offset = check_options(mode, bleed_mm, back_offset_mm, colour)
    texts = {**SHEET_TEXTS, **(texts or {})}
    cw_mm, ch_mm = card_size_mm(card_size)
    register_fonts()
    groups = deck_groups(faces, decks)  # [(deck, [faces])], decks in order of first card
    copies = [(face, n) for _, group in groups for face in group
              for n in range(max(1, int(face.count)))]
    total = len(copies)
    buf = io.BytesIO()
    if mode == "sheet":
        sheet = plan_sheet(paper_size_mm(paper), (cw_mm, ch_mm), bleed_mm,
                           MIN_MARGIN_MM.get(paper, 4.0))
        pagesize, bleed = (sheet.page_w, sheet.page_h), max(sheet.bleed_x, sheet.bleed_y)
    else:
        sheet, bleed = None, bleed_mm * mm
        pagesize = (cw_mm * mm + 2 * bleed, ch_mm * mm + 2 * bleed)
    c = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=1,
               initialFontName=REGULAR, initialFontSize=8, initialLeading=9.6,
               enforceColorSpace=to_cmyk if colour == "cmyk" else None)
    if colour == "cmyk":  # pdf_picture.draw_picture converts the art through this profile
        c.runeforge_cmyk_profile = output_profile or b""
    locales = sorted({f.locale for f in faces})
    c.setTitle(title)
    c.setAuthor("Runeforge")
    c.setCreator("Runeforge")
    c.setSubject(f"Proxy cards ({', '.join(locales) or 'no cards'}): {total} cards, "
                 f"{cw_mm:g}x{ch_mm:g} mm, {mode}")  # fmt: skip
    game = games.get()
    c.setKeywords(list(game.faces.pdf_keywords if keywords is None else keywords) + locales)
    if style_dir is not None:  # a face style read from another folder (layout tests)
        drawer = partial(resolve(game.faces.drawer), style_dir=style_dir)
    draw = (drawer or game.face_drawer)(c, cw_mm * mm, ch_mm * mm, bleed, warn)
    state = {"page": 0, "done": 0}
    records: list[dict] = []
    bookmarked: set = set()

    def bookmark(face, x, y):
        key = f"card-{len(records)}"
        if (face.id, face.locale) in bookmarked:
            return
        bookmarked.add((face.id, face.locale))
        c.bookmarkHorizontal(key, x, y + ch_mm * mm)
        c.addOutlineEntry(face.name, key, level=0)

    def front_done():
        state["done"] += 1
        if progress:
            progress(state["done"], total)

    layout: dict = {"alignment_pages": [], "contents_pages": [], "sheets": []}
    if sheet is not None:
        _sheets(c, sheet, groups, draw, records, bookmark, front_done, state, layout,
                offset=offset, backs=backs, alignment_page=alignment_page,
                contents=contents, label=label, texts=texts, title=title)
    else:
        w, h = cw_mm * mm, ch_mm * mm
        c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
        c.setBleedBox((0, 0, pagesize[0], pagesize[1]))
        for face, copy in copies:
            state["page"] += 1
            bookmark(face, bleed, bleed)
            draw.draw_face(face, bleed, bleed)
            records.append({"card": face.id, "copy": copy, "page": state["page"],
                            "side": "front", "slot": 0, "trim_box": _box(bleed, bleed, w, h)})
            c.showPage()
            front_done()
            if backs:
                state["page"] += 1
                back = _draw_back(draw, face, bleed + offset[0], bleed + offset[1])
                records.append({"card": face.id, "copy": copy, "page": state["page"],
                                "side": "back", "slot": 0, **_deck(face, back),
                                "trim_box": _box(bleed, bleed, w, h)})
                c.showPage()
    if state["page"] == 0:  # an empty deck still makes a valid (one blank page) PDF
        c.showPage()
        state["page"] = 1
    c.showOutline()
    c.save()
    data = buf.getvalue()
    if colour == "cmyk":
        from .pdf_x import finish_pdfx

        data = finish_pdfx(data, profile=output_profile)
    layout.update({
        "pages": state["page"],
        "page_size": [round(pagesize[0], 3), round(pagesize[1], 3)],
        "mode": mode,
        "card_size_mm": [cw_mm, ch_mm],
        "bleed_mm": [round(sheet.bleed_x / mm, 3), round(sheet.bleed_y / mm, 3)]
        if sheet is not None else [bleed_mm, bleed_mm],
        "colour": colour,
        "cards": records,
    })  # fmt: skip
    return data, layout


def _sheets(c, sheet, groups, draw, records, bookmark, front_done, state, layout, *, offset,
            backs, alignment_page, contents, label, texts, title):
    """Sheet mode: the alignment pair, each deck's sheets of fronts and backs, contents."""

    def new_page():
        state["page"] += 1
        return state["page"]

    chunks = [(deck, group[i: i + sheet.per_page])
              for deck, group in ((d, [(f, n) for f in g for n in range(max(1, int(f.count)))])
                                  for d, g in groups)
              for i in range(0, len(group), sheet.per_page)]
    sheets_of: dict = {}
    first = 1 + 2 * alignment_page
    for k, (deck, _) in enumerate(chunks):
        sheets_of.setdefault(deck, []).append(first + k * (2 if backs else 1))
    if alignment_page:
        align = {k[6:]: v for k, v in texts.items() if k.startswith("align_")}
        for back in (False, True):
            layout["alignment_pages"].append(new_page())
            draw_alignment_page(c, sheet, back, offset, align)
            c.showPage()
    n_sheets = len(chunks)
    for k, (deck, chunk) in enumerate(chunks):
        tag = " \u00b7 ".join(p for p in (label, deck or "", texts["sheet"].replace(
            "{n}", str(k + 1)).replace("{total}", str(n_sheets))) if p)
        page = new_page()
        layout["sheets"].append({"deck": deck, "page": page, "side": "front"})
        for i, (face, copy) in enumerate(chunk):
            x, y = sheet.slot(i)
            bookmark(face, x, y)
            c.saveState()
            clip_to(c, sheet.bleed_box(x, y))
            draw.draw_face(face, x, y)
            c.restoreState()
            records.append({"card": face.id, "copy": copy, "page": page, "side": "front",
                            "slot": i, "deck": deck,
                            "trim_box": _box(x, y, sheet.card_w, sheet.card_h)})
            front_done()
        draw_crop_marks(c, sheet, len(chunk))
        note = draw_print_note(c, sheet, texts.get("print_note") or chunk[0][0].label(
            "print_note"))
        layout["sheets"][-1]["note_box"] = [round(v, 3) for v in note] if note else None
        draw_sheet_label(c, sheet, f"{tag} \u00b7 {texts['front']}")
        c.showPage()
        if not backs:
            continue
        page = new_page()
        layout["sheets"].append({"deck": deck, "page": page, "side": "back"})
        for i, (face, copy) in enumerate(chunk):
            x, y = sheet.back_slot(i, offset)
            c.saveState()
            clip_to(c, sheet.bleed_box(x, y))
            back = _draw_back(draw, face, x, y)
            c.restoreState()
            records.append({"card": face.id, "copy": copy, "page": page, "side": "back",
                            "slot": i, "deck": deck, **_deck(face, back),
                            "trim_box": _box(x, y, sheet.card_w, sheet.card_h)})
        draw_sheet_label(c, sheet, f"{tag} \u00b7 {texts['back']}")
        c.showPage()
    if contents:
        layout["contents_pages"].append(new_page())
        c.bookmarkPage("contents")
        c.addOutlineEntry(texts["contents"], "contents", level=0)
        draw_contents_page(c, sheet, title, groups, sheets_of, texts)
        c.showPage()
