"""One proxy PDF: options, pages, outline, metadata, layout records, atomic write.

``build_deck_pdf`` is the backend's entry point; the caller loops over locales and sets.

Modes:
  ``sheet``       cards on A4 or Letter in a centred grid with gutters and crop marks; each
                  page of fronts is followed by a page of backs at mirrored columns
                  (long-edge duplex), shifted by ``back_offset_mm``. ``bleed_mm`` is ignored.
  ``print-shop``  one card per page, page = card + 2 x bleed, TrimBox = the card and
                  BleedBox = the page; each front page is followed by its back page.

The PDF is built in memory and written to a temp file in the target's directory, then
``os.replace``-d: a failed or killed build leaves the old file (or none). Output is
deterministic (reportlab invariant mode; ``SOURCE_DATE_EPOCH`` sets the dates).
"""

from __future__ import annotations

import io
import json
import math
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from runeforge import games
from runeforge.atomic import write_bytes_atomic
from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.games import resolve

from .faces import CardFace
from .pdf_fonts import REGULAR, register_fonts
from .pdf_sheet import (
    draw_alignment_page,
    draw_crop_marks,
    draw_print_note,
    plan_sheet,
)
from .pdf_style import card_size_mm, paper_size_mm

MODES = ("sheet", "print-shop")


def write_atomic(path, data: bytes) -> None:
    """Temp file in the same directory + os.replace (runeforge.atomic)."""
    write_bytes_atomic(path, data)


def _option_error(message: str, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError(Diagnostic("RF702", message, path="<options>", hint=hint))


def _check_options(mode, bleed_mm, back_offset_mm):
    if mode not in MODES:
        raise _option_error(f"unknown mode '{mode}'", hint="use sheet or print-shop")
    if not (isinstance(bleed_mm, (int, float)) and 0 <= bleed_mm <= 10):
        raise _option_error(f"bleed {bleed_mm!r} mm is out of range (0..10 mm)")
    try:
        dx, dy = (float(v) for v in back_offset_mm)
    except (TypeError, ValueError):
        raise _option_error(f"back offset {back_offset_mm!r} is not (x_mm, y_mm)") from None
    if not (math.isfinite(dx) and math.isfinite(dy) and abs(dx) <= 20 and abs(dy) <= 20):
        raise _option_error(f"back offset {dx},{dy} mm is out of range (-20..20 mm)")
    return dx * mm, dy * mm


def _deck(face, back) -> dict:
    """A back record's deck and the back drawn (what ``draw_back`` returned), when known."""
    out = {"deck": face.deck} if getattr(face, "deck", "") else {}
    return {**out, "back": back} if isinstance(back, str) else out


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
) -> tuple[bytes, dict]:
    """The PDF bytes and the layout document ``{pages, page_size, mode, cards: [...]}``.

    ``progress(done, total)`` is called after each front drawn (an exception from it aborts
    the build). ``warn`` receives RF604 (missing glyph) and RF701 (text cut) warnings, once
    per face. ``backs=False`` leaves out back pages; ``alignment_page=True`` starts the
    document with a front/back pair of duplex alignment targets (sheet mode).
    ``drawer(canvas, w, h, bleed, warn)`` makes the face drawer and ``keywords`` are the PDF's
    keywords: both come from the game of the faces (default: the default game's face style).
    """
    faces = list(faces)
    offset = _check_options(mode, bleed_mm, back_offset_mm)
    cw_mm, ch_mm = card_size_mm(card_size)
    register_fonts()
    copies = [(face, n) for face in faces for n in range(max(1, int(face.count)))]
    total = len(copies)
    buf = io.BytesIO()
    if mode == "sheet":
        sheet = plan_sheet(paper_size_mm(paper), (cw_mm, ch_mm))
        pagesize, bleed = (sheet.page_w, sheet.page_h), 0.0
    else:
        sheet, bleed = None, bleed_mm * mm
        pagesize = (cw_mm * mm + 2 * bleed, ch_mm * mm + 2 * bleed)
    c = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=1,
               initialFontName=REGULAR, initialFontSize=8, initialLeading=9.6)
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
    records: list[dict] = []
    page = 0
    alignment_pages = []
    bookmarked: set = set()

    def bookmark(face, copy, x, y):
        key = f"card-{len(records)}"
        if (face.id, face.locale) in bookmarked:
            return
        bookmarked.add((face.id, face.locale))
        c.bookmarkHorizontal(key, x, y + ch_mm * mm)
        c.addOutlineEntry(face.name, key, level=0)

    done = 0
    if sheet is not None:
        if alignment_page:
            for back in (False, True):
                draw_alignment_page(c, sheet, back, offset)
                page += 1
                alignment_pages.append(page)
                c.showPage()
        for start in range(0, total, sheet.per_page):
            chunk = copies[start : start + sheet.per_page]
            page += 1
            for i, (face, copy) in enumerate(chunk):
                x, y = sheet.slot(i)
                bookmark(face, copy, x, y)
                draw.draw_face(face, x, y)
                records.append({"card": face.id, "copy": copy, "page": page, "side": "front",
                                "slot": i, "trim_box": _box(x, y, sheet.card_w, sheet.card_h)})
                done += 1
                if progress:
                    progress(done, total)
            draw_crop_marks(c, sheet, len(chunk))
            note = chunk[0][0].label("print_note") if chunk else ""
            draw_print_note(c, sheet, note)
            c.showPage()
            if backs:
                page += 1
                for i, (face, copy) in enumerate(chunk):
                    x, y = sheet.back_slot(i, offset)
                    back = draw.draw_back(face, x, y)
                    records.append({"card": face.id, "copy": copy, "page": page, "side": "back",
                                    "slot": i, **_deck(face, back),
                                    "trim_box": _box(x, y, sheet.card_w, sheet.card_h)})
                c.showPage()
    else:
        w, h = cw_mm * mm, ch_mm * mm
        c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
        c.setBleedBox((0, 0, pagesize[0], pagesize[1]))
        for face, copy in copies:
            page += 1
            bookmark(face, copy, bleed, bleed)
            draw.draw_face(face, bleed, bleed)
            records.append({"card": face.id, "copy": copy, "page": page, "side": "front",
                            "slot": 0, "trim_box": _box(bleed, bleed, w, h)})
            c.showPage()
            done += 1
            if progress:
                progress(done, total)
            if backs:
                page += 1
                back = draw.draw_back(face, bleed + offset[0], bleed + offset[1])
                records.append({"card": face.id, "copy": copy, "page": page, "side": "back",
                                "slot": 0, **_deck(face, back),
                                "trim_box": _box(bleed, bleed, w, h)})
                c.showPage()
    if page == 0:  # an empty deck still makes a valid (one blank page) PDF
        c.showPage()
        page = 1
    c.showOutline()
    c.save()
    layout = {
        "pages": page,
        "page_size": [round(pagesize[0], 3), round(pagesize[1], 3)],
        "mode": mode,
        "card_size_mm": [cw_mm, ch_mm],
        "alignment_pages": alignment_pages,
        "cards": records,
    }
    return buf.getvalue(), layout
