"""Tiles as data (the shared contract of issue 13): a chamber on a square grid.

A record is a plain dict, as ``cards/delve/tiles.yaml`` and the bundle carry it::

    {name, size: [w, h], void: [[x, y]...], walls: [[[x1, y1], [x2, y2]]...],
     obstructions: [[[x, y]...]...], exits: [{id, side, at, width}...]}

Numbers of obstruction vertices are ints or "p/q" strings; everything else is an int.
:func:`Tile.from_record` validates the record and raises :class:`EngineError` naming the tile.
:meth:`Tile.rotated` turns it clockwise on the screen (x right, y down) by quarter turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from runeforge.engine.common.errors import EngineError

from .geometry import number, segments_touch, unit_edges

SIDES = ("north", "east", "south", "west")
# a quarter turn clockwise (x right, y down) takes each side to the next one
TURN = {side: SIDES[(i + 1) % 4] for i, side in enumerate(SIDES)}
OPPOSITE = {side: SIDES[(i + 2) % 4] for i, side in enumerate(SIDES)}


def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class Exit:
    id: str
    side: str
    at: int
    width: int

    def cells(self, width: int, height: int) -> list[tuple[int, int]]:
        """The cells inside the tile along this exit, in order along the side."""
        span = range(self.at, self.at + self.width)
        return {"north": [(x, 0) for x in span], "south": [(x, height - 1) for x in span],
                "west": [(0, y) for y in span], "east": [(width - 1, y) for y in span]}[self.side]

    def edges(self, width: int, height: int) -> list[tuple[str, int, int]]:
        """The unit edges of the tile's outer boundary that this exit opens."""
        span = range(self.at, self.at + self.width)
        return {"north": [("h", x, 0) for x in span], "south": [("h", x, height) for x in span],
                "west": [("v", 0, y) for y in span], "east": [("v", width, y) for y in span]
                }[self.side]


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    width: int
    height: int
    void: frozenset
    walls: tuple          # ((x1, y1), (x2, y2)) integer grid points, axis-parallel
    obstructions: tuple   # tuples of (Fraction, Fraction) vertices
    exits: tuple          # Exit, in the listed order (A6: the deck goes to the first free one)

    @property
    def cells(self) -> frozenset:
        return frozenset((x, y) for x in range(self.width) for y in range(self.height)
                         if (x, y) not in self.void)

    def exit(self, exit_id: str) -> Exit:
        for e in self.exits:
            if e.id == exit_id:
                return e
        raise EngineError(f"tile {self.id!r} has no exit {exit_id!r} "
                          f"(its exits: {', '.join(e.id for e in self.exits)})")

    # ------------------------------------------------------------------ rotation
    def rotated(self, quarter_turns: int) -> Tile:
        """This tile turned clockwise by ``quarter_turns`` x 90 degrees (0..3)."""
        tile = self
        for _ in range(quarter_turns % 4):
            tile = tile._quarter()
        return tile

    def _quarter(self) -> Tile:
        h = self.height

        def point(p):  # (x, y) -> (h - y, x): clockwise with y downward
            return (h - p[1], p[0])

        def exit_(e: Exit) -> Exit:
            at = e.at if e.side in ("north", "south") else h - e.at - e.width
            return Exit(e.id, TURN[e.side], at, e.width)

        return Tile(self.id, self.name, self.height, self.width,
                    frozenset((h - 1 - y, x) for x, y in self.void),
                    tuple((point(a), point(b)) for a, b in self.walls),
                    tuple(tuple(point(v) for v in poly) for poly in self.obstructions),
                    tuple(exit_(e) for e in self.exits))

    # ------------------------------------------------------------------ records
    @classmethod
    def from_record(cls, record: dict) -> Tile:
        name = record.get("name") if isinstance(record, dict) else None
        label = record.get("id") or (kebab(name) if isinstance(name, str) else None) \
            if isinstance(record, dict) else None

        def bad(text: str) -> EngineError:
            return EngineError(f"tile {label or '(unnamed)'!r}: {text}")

        if not isinstance(record, dict) or not isinstance(name, str) or not name.strip():
            raise bad("a tile needs a name")
        size = record.get("size")
        if (not isinstance(size, list | tuple) or len(size) != 2
                or not all(_int(v) and v >= 1 for v in size)):
            raise bad(f"size must be [width, height] of positive integers, not {size!r}")
        w, h = size
        void = set()
        for c in record.get("void") or ():
            if (not isinstance(c, list | tuple) or len(c) != 2 or not all(map(_int, c))
                    or not (0 <= c[0] < w and 0 <= c[1] < h)):
                raise bad(f"void cell {c!r} is not a cell of the {w}x{h} rectangle")
            void.add(tuple(c))
        if len(void) == w * h:
            raise bad("every cell is void")
        walls = []
        for wall in record.get("walls") or ():
            try:
                a, b = (tuple(p) for p in wall)
                if not all(map(_int, (*a, *b))) or len(a) != 2 or len(b) != 2:
                    raise ValueError("wall end points are integer grid points [x, y]")
                if not all(0 <= p[0] <= w and 0 <= p[1] <= h for p in (a, b)):
                    raise ValueError("the wall leaves the tile")
                unit_edges(a, b)
            except (TypeError, ValueError) as exc:
                raise bad(f"wall {wall!r}: {exc}") from None
            walls.append((a, b))
        obstructions = []
        for poly in record.get("obstructions") or ():
            try:
                if not isinstance(poly, list | tuple) or len(poly) < 3:
                    raise ValueError("an obstruction is a polygon of 3 or more vertices")
                pts = tuple((number(v[0]), number(v[1])) for v in poly
                            if isinstance(v, list | tuple) and len(v) == 2)
                if len(pts) != len(poly):
                    raise ValueError("each vertex is [x, y]")
                if not all(0 <= x <= w and 0 <= y <= h for x, y in pts):
                    raise ValueError("a vertex lies outside the tile")
                if _area2(pts) == 0:
                    raise ValueError("the polygon has no area")
                if not _simple(pts):
                    raise ValueError("the polygon's edges cross or touch each other")
            except (TypeError, ValueError) as exc:
                raise bad(f"obstruction {poly!r}: {exc}") from None
            obstructions.append(pts)
        exits, seen = [], set()
        for e in record.get("exits") or ():
            if not isinstance(e, dict):
                raise bad(f"exit {e!r} is not a mapping {{id, side, at, width}}")
            eid, side, at, width = e.get("id"), e.get("side"), e.get("at"), e.get("width")
            if not isinstance(eid, str) or eid in seen:
                raise bad(f"exit {e!r} needs an id of its own")
            if side not in SIDES:
                raise bad(f"exit {eid!r}: side must be one of {', '.join(SIDES)}, not {side!r}")
            length = w if side in ("north", "south") else h
            if not (_int(at) and _int(width) and at >= 0 and width >= 1 and at + width <= length):
                raise bad(f"exit {eid!r}: at {at!r} and width {width!r} must fit the {side} "
                          f"side ({length} cells)")
            ex = Exit(eid, side, at, width)
            if any(c in void for c in ex.cells(w, h)):
                raise bad(f"exit {eid!r} opens onto a void cell")
            closed = set(ex.edges(w, h)) & {e for a, b in walls for e in unit_edges(a, b)}
            if closed:
                raise bad(f"exit {eid!r} is closed by a wall along it (at "
                          f"{list(min(closed)[1:])})")
            seen.add(eid)
            exits.append(ex)
        return cls(label, name, w, h, frozenset(void), tuple(walls), tuple(obstructions),
                   tuple(exits))


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _area2(pts) -> Fraction:
    return sum((pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                for i in range(len(pts))), Fraction(0))


def _simple(pts) -> bool:
    """No two edges of the polygon meet except neighbours at their shared vertex."""
    n = len(pts)
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                a, b = edges[i], edges[j]
                shared = a[1] if j == i + 1 else a[0]
                other_a = a[0] if j == i + 1 else a[1]
                other_b = b[1] if j == i + 1 else b[0]
                # neighbours may meet only at the shared vertex: not folding back on themselves
                if _orient(other_a, shared, other_b) == 0 and _dot(other_a, shared, other_b) > 0:
                    return False
                continue
            if segments_touch(*edges[i], *edges[j]):
                return False
    return True


def _orient(a, b, c) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _dot(a, shared, b) -> Fraction:
    """Positive when a and b lie on the same side of the shared vertex (an edge folds back)."""
    return (a[0] - shared[0]) * (b[0] - shared[0]) + (a[1] - shared[1]) * (b[1] - shared[1])
