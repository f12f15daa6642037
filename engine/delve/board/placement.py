"""Placing a chamber when a hero explores (R9, R10, A6).

The new tile is turned by 0/90/180/270 degrees and moved so that one of its exits lies exactly
on the unexplored exit next to the exploring hero, with equal width, facing it; a placement
that would cover a cell already on the board is refused. Candidates are tried in the tile's
listed exit order, then by rotation 0, 1, 2, 3 quarter turns: the first legal one is taken
unless the card names an exit (its ``placement``) or a rotation. A card that lists
``portals`` puts portals on those exits only: the tile's other exits (but the one that joins)
stay walls and are never explored (R10a, see :func:`card_terms`). The deck then goes beside the
first unexplored exit of the new chamber in the tile's listed order (R10c, A6). Adversaries
stand as near the chamber's centre as possible, ties broken by the lowest (y, x) (A6).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from runeforge.engine.common.errors import EngineError, IllegalAction

from .board import Board, Chamber, PlacedExit
from .tiles import OPPOSITE, Tile


@dataclass(frozen=True)
class Placement:
    exit_id: str       # the new tile's exit that joins
    rotation: int      # quarter turns clockwise
    origin: tuple[int, int]


def _origin_for(old: PlacedExit, tile: Tile, rotation: int, exit_id: str):
    """Where the turned tile's (0, 0) must lie for ``exit_id`` to sit on ``old``, or None."""
    turned = tile.rotated(rotation)
    e = turned.exit(exit_id)
    if e.side != OPPOSITE[old.side]:
        return None
    local = sorted(e.edges(turned.width, turned.height))
    target = sorted(old.edges)
    if len(local) != len(target):
        return None
    (_, lx, ly), (_, gx, gy) = local[0], target[0]
    return (gx - lx, gy - ly)


def card_terms(card: dict) -> tuple[str | None, frozenset | None]:
    """R10a: what an exploration card says about its chamber: the exit that must join
    (``placement``; None for ``any``) and the exits that carry a portal (``portals``; None when
    the card lists none: every exit of the tile is a portal)."""
    placement = card.get("placement", "any")
    portals = card.get("portals")
    return (None if placement == "any" else placement,
            None if portals is None else frozenset(portals))


def placements(board: Board, tile: Tile, at: PlacedExit) -> list[Placement]:
    """Every legal way to join ``tile`` to the unexplored exit ``at`` (R10a), in order."""
    if (at.chamber, at.id) in board.joined:
        raise IllegalAction(f"R9: exit {at.id!r} of chamber {at.chamber} is already explored")
    found = []
    for e in tile.exits:
        for rotation in range(4):
            origin = _origin_for(at, tile, rotation, e.id)
            if origin is None:
                continue
            turned = tile.rotated(rotation)
            cells = {(x + origin[0], y + origin[1]) for x, y in turned.cells}
            if not cells & board.owner.keys():
                found.append(Placement(e.id, rotation, origin))
    return found


def fits(board: Board, tile: Tile, at: PlacedExit, exit_id: str | None = None) -> bool:
    """Whether ``tile`` can join ``at`` (through its exit ``exit_id`` when one is named)."""
    return any(exit_id is None or p.exit_id == exit_id for p in placements(board, tile, at))


def place(board: Board, tile: Tile, at: PlacedExit, exit_id: str | None = None,
          rotation: int | None = None, portals: frozenset | None = None) -> Chamber:
    """R10a: join ``tile`` to ``at``; the first legal placement, or the one named. With
    ``portals`` only those exits (and the one that joins) are exits; the rest are closed."""
    options = [p for p in placements(board, tile, at)
               if (exit_id is None or p.exit_id == exit_id)
               and (rotation is None or p.rotation == rotation % 4)]
    if not options:
        raise IllegalAction(
            f"R10a: tile {tile.id!r} cannot join exit {at.id!r} of chamber {at.chamber}: no "
            f"exit of width {len(at.edges)}{'' if exit_id is None else f' (exit {exit_id!r})'} "
            "fits without overlapping the board")
    p = options[0]
    closed = (frozenset() if portals is None else
              frozenset(e.id for e in tile.exits) - portals - {p.exit_id})
    return board.add(tile, p.rotation, p.origin, ((at.chamber, at.id), p.exit_id), closed)


def deck_exit(board: Board, chamber: Chamber) -> PlacedExit | None:
    """R10c, A6: the first unexplored exit of the new chamber in the tile's listed order (None:
    the chamber has no exit left)."""
    for e in chamber.tile.exits:
        if (chamber.index, e.id) not in board.joined and e.id not in chamber.closed:
            return chamber.exits[e.id]
    return None


def centre_cells(board: Board, chamber: Chamber, count: int, occupied=frozenset()) -> list:
    """R10b, A6: ``count`` free cells of the chamber nearest its centre (squared distance of
    the cell centres, exact), ties by lowest (y, x). Fewer if the chamber is full."""
    cx, cy = chamber.centre
    half = Fraction(1, 2)

    def key(cell):
        dx, dy = cell[0] + half - cx, cell[1] + half - cy
        return (dx * dx + dy * dy, cell[1], cell[0])

    free = sorted((c for c in chamber.cells if c not in occupied), key=key)
    return free[:count]


def explore(board: Board, hero_cell, tile: Tile, exit_id: str | None = None,
            portals: frozenset | None = None) -> Chamber:
    """R9 + R10a: the hero must stand next to an unexplored exit of its chamber; next to two,
    the first (in the tile's order) where the chamber fits."""
    exits = board.exits_next_to(hero_cell)
    if not exits:
        raise IllegalAction(f"R9: a hero explores only next to an unexplored exit; cell "
                            f"{list(hero_cell)} is next to none")
    at = next((e for e in exits if fits(board, tile, e, exit_id)), exits[0])
    return place(board, tile, at, exit_id, portals=portals)


def start_board(tile: Tile) -> Board:
    board = Board()
    if not tile.exits:
        raise EngineError(f"tile {tile.id!r} has no exit: a starting chamber needs one")
    board.add(tile)
    return board
