"""Printable Delve tiles, the drawing half: ``pdf/<pack>-tiles-<locale>.pdf`` beside the card
PDFs, each tile at 1 inch = 1 space on the build's paper (A4 or Letter), drawn from the page
plan of ``tile_layout`` (which knows nothing of the canvas).

On each page: the tile's name and the scale note in the header; the floor cells with a thin
grid (void cells stay blank paper); the outer wall of the floor, open at each exit; the inner
walls as thick lines; the obstructions as filled polygons at their exact vertices; each exit
marked along its span with its side (and its id when that differs); the name again inside
the tile, so a cut tile keeps it; a split tile's overlap strip, shaded and dashed at the next
piece's edge; and solid cut marks outside the piece's corners. Deterministic (invariant
mode, ``SOURCE_DATE_EPOCH``); the build writes the bytes atomically with its other files.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor, black
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from runeforge.backends.pdf_document import to_cmyk
from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, register_fonts

from .faces import ACCENT, INK, PAPER, STONE
from .text import exit_label, label
from .tile_layout import HEADER, INCH, MARGIN, Piece, geometry, plan

GRID, SHADE = HexColor("#8c8474"), HexColor("#d9d2c3")
WALL_WIDTH, GRID_WIDTH, MARK_WIDTH = 5.0, 0.4, 0.5
EXIT_DEPTH = 0.12  # spaces: the exit's coloured strip inside the boundary


def _draw_piece(c, piece: Piece, name: str, tile: dict, locale: str) -> None:
    geo = geometry(tile)
    page_h = piece.page_size[1]
    c.setPageSize(piece.page_size)
    at = piece.at
    # header: name, piece, scale note (outside the cut)
    c.setFillColor(INK)
    c.setFont(BOLD, 13)
    title = name if piece.pieces == 1 else label("label.piece", locale).format(
        name=name, n=piece.index, total=piece.pieces)
    c.drawString(MARGIN, page_h - MARGIN - 10, title)
    c.setFont(ITALIC, 8)  # on a line of its own: a long Greek title and note do not share one
    c.drawString(MARGIN, page_h - MARGIN - 22, label("label.tile_scale", locale))
    c.saveState()
    # clip to the piece: half a wall's room past the tile's own edges, none where the piece
    # meets another (that one draws its own cells)
    vx0, vy0, vx1, vy1 = piece.view_box
    width, height = geo.size
    pad = [WALL_WIDTH if edge else 0.0 for edge in (
        piece.view[0] == 0, piece.view[3] == height, piece.view[2] == width, piece.view[1] == 0)]
    clip = c.beginPath()
    clip.rect(vx0 - pad[0], vy0 - pad[1], vx1 - vx0 + pad[0] + pad[2],
              vy1 - vy0 + pad[1] + pad[3])
    c.clipPath(clip, stroke=0, fill=0)
    # floor and grid
    c.setFillColor(PAPER)
    c.setStrokeColor(GRID)
    c.setLineWidth(GRID_WIDTH)
    for x, y in geo.floor:
        c.rect(*at(x, y + 1), INCH, INCH, fill=1, stroke=1)
    # obstructions at their exact vertices
    c.setFillColor(STONE)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    for poly in geo.obstructions:
        path = c.beginPath()
        path.moveTo(*at(*poly[0]))
        for point in poly[1:]:
            path.lineTo(*at(*point))
        path.close()
        c.drawPath(path, fill=1, stroke=1)
    # exits: a strip inside the span and the side's name
    for ex in geo.exits:
        (ax, ay), (bx, by) = ex.start, ex.end
        inward = {"north": (0, 1), "south": (0, -1), "west": (1, 0), "east": (-1, 0)}[ex.side]
        cx, cy = at(ax + inward[0] * EXIT_DEPTH, ay + inward[1] * EXIT_DEPTH)
        dx, dy = at(bx, by)
        c.setFillColor(ACCENT)
        c.rect(min(cx, dx), min(cy, dy), abs(dx - cx), abs(dy - cy), fill=1, stroke=0)
        mx, my = (ax + bx) / 2 + inward[0] * 0.35, (ay + by) / 2 + inward[1] * 0.35
        px, py = at(mx, my)
        c.saveState()
        c.translate(px, py)
        if ex.side in ("west", "east"):
            c.rotate(90 if ex.side == "west" else -90)
        c.setFont(BOLD, 8)
        c.drawCentredString(0, -3, exit_label(ex.id, ex.side, locale))
        c.restoreState()
    # walls: the outer boundary but the exits, then the inner walls
    c.setStrokeColor(INK)
    c.setLineWidth(WALL_WIDTH)
    c.setLineCap(2)  # square caps: corners meet
    c.lines([(*at(*a), *at(*b)) for a, b in geo.boundary + geo.walls])
    # the name inside the tile (first floor cell of the top row, under any wall)
    fx, fy = geo.floor[0]
    c.setFillColor(INK)
    c.setFont(ITALIC, 7)
    c.drawString(*_offset(at(fx, fy), 13, -16), name)
    c.restoreState()
    _overlap(c, piece, locale)
    c.setStrokeColor(black)
    c.setLineWidth(MARK_WIDTH)
    c.setLineCap(0)
    c.lines(piece.cut_marks())


def _offset(point, dx, dy):
    return point[0] + dx, point[1] + dy


def _overlap(c, piece: Piece, locale: str) -> None:
    """Shade the strip of the next piece and dash the line where that piece's edge lies."""
    x0, y0, x1, y1 = piece.cells_box
    vx0, vy0, vx1, vy1 = piece.view_box
    strips = []
    if vx1 > x1:
        strips.append(((x1, vy0, vx1 - x1, vy1 - vy0), (x1, vy0, x1, vy1), 90))
    if vy0 < y0:
        strips.append(((vx0, vy0, vx1 - vx0, y0 - vy0), (vx0, y0, vx1, y0), 0))
    for rect, line, angle in strips:
        c.saveState()
        c.setFillColor(SHADE, alpha=0.6)
        c.rect(*rect, fill=1, stroke=0)
        c.setFillAlpha(1)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.setDash(4, 3)
        c.line(*line)
        c.setDash()
        c.translate(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
        c.rotate(angle)
        text = label("label.overlap", locale)
        half = stringWidth(text, REGULAR, 7) / 2 + 3
        c.setFillColor(PAPER)  # a plate under the words: a wall may cross the strip
        c.rect(-half, -5, 2 * half, 10, fill=1, stroke=0)
        c.setFillColor(INK)
        c.setFont(REGULAR, 7)
        c.drawCentredString(0, -2, text)
        c.restoreState()


def render_tiles_pdf(tiles: list[tuple[str, str, dict]], locale: str, *, paper: str = "A4",
                     title: str = "Delve tiles", colour: str = "rgb",
                     output_profile: bytes | None = None) -> tuple[bytes, dict]:
    """The PDF bytes and layout ``{paper, pages, tiles: [...]}`` of ``tiles`` given as
    ``(id, name in the locale, tile data)``; ``colour="cmyk"``: a PDF/X-4 file."""
    register_fonts()
    pieces = plan([{"id": tid, "size": data["size"]} for tid, _, data in tiles], paper)
    by_id = {tid: (name, data) for tid, name, data in tiles}
    buf = io.BytesIO()
    first = pieces[0].page_size if pieces else (595.276, 841.89)
    c = Canvas(buf, pagesize=first, invariant=1, pageCompression=1, initialFontName=REGULAR,
               enforceColorSpace=to_cmyk if colour == "cmyk" else None)
    c.setTitle(title)
    c.setAuthor("Runeforge")
    c.setCreator("Runeforge")
    c.setSubject(f"Delve tiles ({locale}): {len(tiles)} tiles at 1 inch per space, {paper}")
    c.setKeywords(["Delve", "tiles", locale])
    records = []
    for page, piece in enumerate(pieces, start=1):
        name, data = by_id[piece.tile]
        if piece.index == 1:
            c.bookmarkPage(f"tile-{piece.tile}")
            c.addOutlineEntry(name, f"tile-{piece.tile}", level=0)
        _draw_piece(c, piece, name, data, locale)
        records.append({**piece.record(page), "name": name})
        c.showPage()
    if not pieces:
        c.showPage()
    c.showOutline()
    c.save()
    layout = {"paper": paper, "pages": max(1, len(pieces)), "points_per_space": INCH,
              "margin": MARGIN, "header": HEADER, "tiles": records}
    data = buf.getvalue()
    if colour == "cmyk":
        from runeforge.backends.pdf_x import finish_pdfx

        data = finish_pdfx(data, profile=output_profile)
    return data, layout


def extra_pdfs(faces, *, paper: str = "A4", title: str = "", colour: str = "rgb",
               output_profile: bytes | None = None, **_):
    """The build's hook (FaceStyle.extra_pdfs): ``[(name, pdf bytes, layout)]`` for the tile
    faces among ``faces`` (none: nothing)."""
    tiles = [(f.id, f.name, f.tile) for f in faces if getattr(f, "tile", None) is not None]
    if not tiles:
        return []
    locale = faces[0].locale
    data, layout = render_tiles_pdf(tiles, locale, paper=paper, colour=colour,
                                    output_profile=output_profile,
                                    title=f"{title} \u2014 {label('label.kind.tile', locale)}")
    return [("tiles", data, layout)]
