"""A hero's figure placed in an empty space of its chamber or an adjacent one (issue 32,
session delve11): "Place your figure in an empty space in your chamber or an adjacent
chamber." (IR ``place``, ``where``: ``own`` and/or ``adjacent``).

The figure is lifted and set down (no path, no Move, no pinning, A5). A chamber is adjacent to
yours when an explored exit joins them (``board.joined``). Every empty cell of the chambers
named is offered, and the hero's player chooses (a ``delve.effect`` decision of ``to``
options, as a move); None leaves the figure where it is. A hero held by "cannot move" stays."""

from __future__ import annotations

from . import traits
from .choose import ask


def cells(game, hero, where) -> list[tuple]:
    """The empty cells ``hero`` may be placed on (row by row)."""
    board = game.state.board
    mine = board.owner.get(hero.cell)
    rooms = set()
    if "own" in where:
        rooms.add(mine)
    if "adjacent" in where:
        rooms |= {b for (a, _), (b, _) in board.joined.items() if a == mine and b != mine}
    taken = game.occupied(hero)
    return sorted((c for c, room in board.owner.items()
                   if room in rooms and c not in taken and c != hero.cell),
                  key=lambda c: (c[1], c[0]))


def run(game, owner, name, e, turn, ctx, choice) -> dict:
    if traits.rooted(game, owner):
        return {"op": "place", "to": None}
    free = cells(game, owner, e["where"])
    goal = (choice or {}).get("to") or ask(game, owner, [{"to": list(c)} for c in free], "to")
    if goal is None or tuple(goal) not in free:
        return {"op": "place", "to": None}
    owner.cell = tuple(goal)
    return {"op": "place", "to": list(goal)}
