"""Printable Delve tiles, the layout half: where every part of a tile goes on the page, as
plain data (no canvas here; ``tile_pdf`` draws what this module plans).

A tile is printed at 1 inch = 1 space (72 pt per cell). ``geometry(tile)`` turns the tile
contract (docs/delve.md, "Tiles as data") into drawable parts in tile units (x right, y down,
exact Fractions): the floor cells (void cells are not floor), the outer boundary of the
floor as wall segments except where an exit opens, the inner walls, the obstruction polygons
and the exit spans. ``plan(tiles, paper)`` puts one tile on a page, turned to landscape when
it only fits that way; a tile too big for either is split into pieces of whole cells, one a
page, each piece showing a strip of its neighbour (``OVERLAP``), cut with the piece, on
which the next piece is laid up to the dashed line.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from runeforge.backends.pdf_style import paper_size_mm

from .checks import exit_cells, rational

INCH = 72.0  # points per space
MARGIN = 36.0  # points of paper around the drawing: cut marks and the page header
HEADER = 46.0  # points above the drawing: name, scale note, then room for the cut marks
OVERLAP = Fraction(1, 2)  # spaces of a neighbouring piece shown on a split tile's piece
MARK_GAP, MARK_LEN = 3.0, 14.0  # cut marks start this far outside the cut line


@dataclass(frozen=True)
class Exit:
    id: str
    side: str
    start: tuple  # (x, y) tile units, the span along the boundary
    end: tuple


@dataclass(frozen=True)
class Geometry:
    size: tuple[int, int]
    floor: tuple  # (x, y) cells
    boundary: tuple  # ((x1, y1), (x2, y2)) unit segments of outer wall
    walls: tuple  # inner walls, as in the data
    obstructions: tuple  # polygons of (Fraction, Fraction)
    exits: tuple  # Exit


def _edges(x: int, y: int):
    """(side, neighbour cell, segment) of the four edges of cell (x, y)."""
    return (("north", (x, y - 1), ((x, y), (x + 1, y))),
            ("south", (x, y + 1), ((x, y + 1), (x + 1, y + 1))),
            ("west", (x - 1, y), ((x, y), (x, y + 1))),
            ("east", (x + 1, y), ((x + 1, y), (x + 1, y + 1))))


def geometry(tile: dict) -> Geometry:
    width, height = tile["size"]
    void = {tuple(v) for v in tile.get("void", []) or []}
    floor = tuple((x, y) for y in range(height) for x in range(width) if (x, y) not in void)
    cells = set(floor)
    openings = {(cell, ex["side"]) for ex in tile["exits"] for cell in exit_cells(tile, ex)}
    boundary = tuple(segment for cell in floor for side, other, segment in _edges(*cell)
                     if other not in cells and (cell, side) not in openings)
    exits = []
    for ex in tile["exits"]:
        a, b = ex["at"], ex["at"] + ex["width"]
        start, end = {"north": ((a, 0), (b, 0)), "south": ((a, height), (b, height)),
                      "west": ((0, a), (0, b)), "east": ((width, a), (width, b))}[ex["side"]]
        exits.append(Exit(ex["id"], ex["side"], start, end))
    obstructions = tuple(tuple((rational(x), rational(y)) for x, y in poly)
                         for poly in tile.get("obstructions", []) or [])
    walls = tuple((tuple(a), tuple(b)) for a, b in tile.get("walls", []) or [])
    return Geometry((width, height), floor, boundary, walls, obstructions, tuple(exits))


@dataclass(frozen=True)
class Piece:
    """One page: a tile, or one piece of a split tile."""

    tile: str  # tile id
    page_size: tuple[float, float]
    cells: tuple[int, int, int, int]  # the cells this piece owns: x0, y0, x1, y1 (exclusive)
    view: tuple  # tile units shown: x0, y0, x1, y1 (the cells and any overlap strip)
    origin: tuple[float, float]  # page point of tile point (0, 0)
    index: int  # 1-based piece number
    pieces: int  # pieces of this tile

    def at(self, x, y) -> tuple[float, float]:
        """The page point of tile point (x, y)."""
        return self.origin[0] + float(x) * INCH, self.origin[1] - float(y) * INCH

    def _box(self, x0, y0, x1, y1) -> tuple[float, float, float, float]:
        (ax, ay), (bx, by) = self.at(x0, y0), self.at(x1, y1)
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)

    @property
    def cells_box(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 in points (PDF coordinates, y up) of the cells this piece owns: on a
        split tile, the next piece's edge is laid on the dashed line at this box's edge."""
        return self._box(*self.cells)

    @property
    def cut_box(self) -> tuple[float, float, float, float]:
        """The piece's cut lines, in points: its cells and any overlap strip (the strip is
        cut with the piece, and the next piece is laid on it). A whole tile: its cells."""
        return self._box(*self.view)

    view_box = cut_box

    def cut_marks(self) -> list[tuple[float, float, float, float]]:
        """Segments (x1, y1, x2, y2) on the cut lines' extensions, outside the piece."""
        x0, y0, x1, y1 = self.cut_box
        g, k = MARK_GAP, MARK_GAP + MARK_LEN
        out = []
        for x in (x0, x1):
            out += [(x, y0 - k, x, y0 - g), (x, y1 + g, x, y1 + k)]
        for y in (y0, y1):
            out += [(x0 - k, y, x0 - g, y), (x1 + g, y, x1 + k, y)]
        return out

    def record(self, page: int) -> dict:
        return {"tile": self.tile, "page": page, "piece": [self.index, self.pieces],
                "page_size": [round(v, 3) for v in self.page_size],
                "cells": list(self.cells),
                "cells_box": [round(v, 3) for v in self.cells_box],
                "cut_box": [round(v, 3) for v in self.cut_box]}


def _room(page_w: float, page_h: float) -> tuple[float, float]:
    return page_w - 2 * MARGIN, page_h - 2 * MARGIN - HEADER


def _spans(total: int, per: int) -> list[tuple[int, int]]:
    """``total`` cells in as few runs of at most ``per`` as can be, of even lengths (13 by 6:
    5, 4, 4, not 6, 6, 1)."""
    count = -(-total // per)
    sizes = [total // count + (k < total % count) for k in range(count)]
    return [(sum(sizes[:k]), sum(sizes[:k + 1])) for k in range(count)]


def plan_tile(tile_id: str, size, paper: str) -> list[Piece]:
    """The pages of one tile on ``paper`` (A4 or Letter)."""
    w_mm, h_mm = paper_size_mm(paper)
    portrait = (w_mm * 72 / 25.4, h_mm * 72 / 25.4)
    width, height = size
    options = [portrait, portrait[::-1]]
    for page in options:  # whole on one page, portrait first
        room_w, room_h = _room(*page)
        if width * INCH <= room_w and height * INCH <= room_h:
            return [_piece(tile_id, page, (0, 0, width, height), size, 1, 1)]
    best = None
    for page in options:  # split: whole cells per page, the overlap strip beside them
        room_w, room_h = _room(*page)
        per_x = max(1, int((room_w - float(OVERLAP) * INCH) // INCH))
        per_y = max(1, int((room_h - float(OVERLAP) * INCH) // INCH))
        spans = [(xs, ys) for ys in _spans(height, per_y) for xs in _spans(width, per_x)]
        if best is None or len(spans) < len(best[1]):
            best = (page, spans)
    page, spans = best
    return [_piece(tile_id, page, (x0, y0, x1, y1), size, k + 1, len(spans))
            for k, ((x0, x1), (y0, y1)) in enumerate(spans)]


def _piece(tile_id, page, cells, size, index, pieces) -> Piece:
    x0, y0, x1, y1 = cells
    view = (x0, y0, x1 + (OVERLAP if x1 < size[0] else 0),
            y1 + (OVERLAP if y1 < size[1] else 0))
    room_w, _ = _room(*page)
    w = float(view[2] - view[0]) * INCH
    left = MARGIN + (room_w - w) / 2
    top = page[1] - MARGIN - HEADER  # under the page header
    origin = (left - float(view[0]) * INCH, top + float(view[1]) * INCH)
    return Piece(tile_id, page, cells, view, origin, index, pieces)


def plan(tiles: list[dict], paper: str) -> list[Piece]:
    """Every page of ``tiles`` (dicts with ``id`` and ``size``), in order."""
    return [piece for t in tiles for piece in plan_tile(t["id"], t["size"], paper)]
