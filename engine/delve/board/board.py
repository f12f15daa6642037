"""A board of placed chambers: which chamber owns each cell, where the walls are, and how
figures step (R11, R12, A4).

Walls are kept as a set of blocked unit edges (see :mod:`.geometry`): every chamber's inner
walls, plus its outer boundary (the edges between its cells and anything else) except the
edges of exits joined to another chamber. A step goes to one of the 8 neighbours (R12); it is
refused into a cell of no chamber, into a cell a figure stands on (A4), across a wall, and, for
a diagonal step, when any wall touches the corner it cuts (A4: a diagonal may not cut a wall
corner; the step's centre-to-centre line may not touch a wall, as sight may not).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from runeforge.engine.common.errors import EngineError

from .geometry import cell_edges, corner_edges, unit_edges
from .tiles import Tile

NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@dataclass(frozen=True)
class PlacedExit:
    chamber: int
    id: str
    side: str
    edges: frozenset          # global unit edges
    cells: tuple              # global cells inside the chamber along the exit


@dataclass
class Chamber:
    index: int
    tile: Tile                # already rotated
    rotation: int             # quarter turns clockwise
    origin: tuple[int, int]   # where the tile's (0, 0) lies on the board
    closed: frozenset = frozenset()   # exit ids without a portal (R10a): walls, never explored
    cells: frozenset = field(init=False)
    exits: dict = field(init=False)

    def __post_init__(self):
        ox, oy = self.origin
        t = self.tile
        self.cells = frozenset((x + ox, y + oy) for x, y in t.cells)
        self.exits = {
            e.id: PlacedExit(self.index, e.id, e.side,
                             frozenset((k, x + ox, y + oy) for k, x, y in e.edges(t.width,
                                                                                    t.height)),
                             tuple((x + ox, y + oy) for x, y in e.cells(t.width, t.height)))
            for e in t.exits}

    @property
    def centre(self):
        """The centre of the chamber's rectangle, in board coordinates."""
        return (self.origin[0] + Fraction(self.tile.width, 2),
                self.origin[1] + Fraction(self.tile.height, 2))

    def inner_walls(self) -> set:
        ox, oy = self.origin
        return {e for a, b in self.tile.walls
                for e in unit_edges((a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy))}

    def obstructions(self) -> list:
        ox, oy = self.origin
        return [tuple((x + ox, y + oy) for x, y in poly) for poly in self.tile.obstructions]

    def to_dict(self) -> dict:
        return {"tile": self.tile.id, "rotation": self.rotation, "origin": list(self.origin),
                **({"closed": sorted(self.closed)} if self.closed else {})}


class Board:
    """Chambers on the grid. ``joined`` maps (chamber, exit id) to the exit it joins."""

    def __init__(self):
        self.chambers: list[Chamber] = []
        self.owner: dict[tuple[int, int], int] = {}
        self.joined: dict[tuple[int, str], tuple[int, str]] = {}
        self.blocked: set = set()
        self.obstructions: list = []   # (chamber index, polygon)
        self._open: dict = {}          # cell -> its open neighbours (rebuilt with the walls)

    # ------------------------------------------------------------------ building
    def add(self, tile: Tile, rotation: int = 0, origin=(0, 0), join=None,
            closed=frozenset()) -> Chamber:
        """Place ``tile`` (unrotated) turned by ``rotation`` with its (0, 0) at ``origin``;
        ``join`` = ((old chamber, old exit id), new exit id) opens both exits; ``closed``
        exits carry no portal (R10a): they stay walls and are never explored."""
        chamber = Chamber(len(self.chambers), tile.rotated(rotation), rotation % 4,
                          tuple(origin), frozenset(closed))
        unknown = sorted(chamber.closed - chamber.exits.keys())
        if unknown:
            raise EngineError(f"tile {tile.id!r} has no exit {unknown[0]!r} to close")
        if join is not None and join[1] in chamber.closed:
            raise EngineError(f"exit {join[1]!r} of tile {tile.id!r} joins, so it is not closed")
        clash = sorted(chamber.cells & self.owner.keys())
        if clash:
            raise EngineError(f"tile {tile.id!r} would overlap the board at cell "
                              f"{list(clash[0])} (R10a: a chamber is placed on free cells)")
        if join is not None:
            (old_index, old_exit), new_exit = join
            a, b = self.chambers[old_index].exits[old_exit], chamber.exits[new_exit]
            if a.edges != b.edges:
                raise EngineError(f"exit {new_exit!r} of tile {tile.id!r} does not lie on exit "
                                  f"{old_exit!r} of chamber {old_index}")
        self.chambers.append(chamber)
        for c in chamber.cells:
            self.owner[c] = chamber.index
        if join is not None:
            self.joined[(old_index, old_exit)] = (chamber.index, new_exit)
            self.joined[(chamber.index, new_exit)] = (old_index, old_exit)
        self.obstructions += [(chamber.index, p) for p in chamber.obstructions()]
        self._rebuild_walls()
        return chamber

    def _rebuild_walls(self) -> None:
        open_edges = set()
        for index, exit_id in self.joined:
            open_edges |= self.chambers[index].exits[exit_id].edges
        blocked = set()
        for ch in self.chambers:
            blocked |= ch.inner_walls()
            for cell in ch.cells:
                x, y = cell
                for side, edge in cell_edges(cell).items():
                    dx, dy = {"north": (0, -1), "south": (0, 1), "west": (-1, 0),
                              "east": (1, 0)}[side]
                    if self.owner.get((x + dx, y + dy)) != ch.index and edge not in open_edges:
                        blocked.add(edge)
        self.blocked = blocked
        self._open = {}
        self.sight_cache = {}     # (cell, cell) -> sees (board/sight.py; reset with the walls)

    def unexplored_exits(self, chamber: int) -> list[PlacedExit]:
        ch = self.chambers[chamber]
        return [e for e in ch.exits.values()
                if (chamber, e.id) not in self.joined and e.id not in ch.closed]

    def exits_next_to(self, cell) -> list[PlacedExit]:
        """R9/A6: the unexplored exits of the cell's chamber that run along this cell."""
        index = self.owner.get(cell)
        if index is None:
            return []
        return [e for e in self.unexplored_exits(index) if cell in e.cells]

    # ------------------------------------------------------------------ stepping
    def step_open(self, a, b) -> bool:
        """No wall between neighbouring cells a and b (a diagonal: none at the corner)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx, dy) not in NEIGHBOURS:
            return False
        if dx and dy:
            corner = (max(a[0], b[0]), max(a[1], b[1]))
            return not any(e in self.blocked for e in corner_edges(*corner))
        side = {(0, -1): "north", (0, 1): "south", (-1, 0): "west", (1, 0): "east"}[(dx, dy)]
        return cell_edges(a)[side] not in self.blocked

    def adjacent(self, a, b) -> bool:
        """R12 with A4: 8-neighbours on the board with no wall between them."""
        return a in self.owner and b in self.owner and self.step_open(a, b)

    def steps(self, cell, occupied=frozenset()):
        """Cells one legal step away (figures on ``occupied`` block, A4)."""
        near = self._open.get(cell)
        if near is None:
            x, y = cell
            near = self._open[cell] = tuple(
                n for n in ((x + dx, y + dy) for dx, dy in NEIGHBOURS)
                if n in self.owner and self.step_open(cell, n))
        for n in near:
            if n not in occupied:
                yield n

    def reach(self, start, moves: int, occupied=frozenset()) -> dict:
        """R11: every cell reachable in at most ``moves`` steps, with its fewest steps (BFS).
        The start counts as reached in 0 steps; figures block (A4)."""
        if start not in self.owner:
            raise EngineError(f"cell {list(start)} is on no chamber")
        best = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if best[cell] == moves:
                continue
            for n in self.steps(cell, occupied):
                if n not in best:
                    best[n] = best[cell] + 1
                    queue.append(n)
        return best

    def path_ok(self, path, occupied=frozenset()) -> bool:
        """Every step of ``path`` (a list of cells, start first) is a legal step."""
        return all(b in set(self.steps(a, occupied)) for a, b in pairwise(path))

    def to_dict(self) -> dict:
        return {"chambers": [c.to_dict() for c in self.chambers],
                "joined": sorted([list(a), list(b)] for a, b in self.joined.items())}

    @classmethod
    def from_dict(cls, data: dict, tiles: dict) -> Board:
        """Rebuild from :meth:`to_dict`; ``tiles`` maps tile id -> :class:`Tile`."""
        board = cls()
        joins = {}
        for a, b in data["joined"]:
            joins[tuple(a)] = tuple(b)
        for i, ch in enumerate(data["chambers"]):
            join = next(((b, a[1]) for a, b in joins.items() if a[0] == i and b[0] < i), None)
            board.add(tiles[ch["tile"]], ch["rotation"], tuple(ch["origin"]), join,
                      frozenset(ch.get("closed", ())))
        return board
