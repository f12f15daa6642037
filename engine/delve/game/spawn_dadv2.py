"""Adversaries placed by an adversary's rule (IR ``spawn``, branch dadv2): "When this adversary
is slain, place two adversaries with Vigour 1 in empty spaces next to where it fell.".

``count`` adversaries of the kind of the adversary whose rule it is, each with ``vigour``
Vigour (none: its record's, with the campaign's carried change as an encounter's), go on empty
cells (no figure): ``adjacent``: the cells next to it (R12 with A4: no wall between), or to
the cell where it fell, row by row; ``centre``: the free cells of its chamber nearest the
chamber's centre, as an encounter places them (R10b, A6). Fewer when fewer cells are empty.
They are placed after the adversaries already on the board, so they act after them from the
next adversary phase (the phase acts on the adversaries it began with)."""

from __future__ import annotations

from ..board.board import NEIGHBOURS
from ..board.placement import centre_cells
from ..rules.attacks import Figure


def cells(game, owner, where: str, count: int) -> list[tuple]:
    """The empty cells the new adversaries go on, in the order they fill."""
    s = game.state
    taken = game.occupied(owner)
    if where == "centre":
        room = s.board.owner.get(owner.cell)
        if room is None:
            return []
        return centre_cells(s.board, s.board.chambers[room], count, taken | {owner.cell}
                            if owner in s.figures else taken)
    x, y = owner.cell
    near = [(x + dx, y + dy) for dx, dy in NEIGHBOURS]
    free = [c for c in near if s.board.adjacent(owner.cell, c) and c not in taken]
    return sorted(free, key=lambda c: (c[1], c[0]))[:count]


def run(game, owner, name, e, turn, ctx, choice) -> dict:
    s = game.state
    kind = s.kinds.get(owner.id)
    if kind is None or owner.side != "adversary":
        return {"op": "spawn", "placed": []}
    record = game.records.adversaries[kind]
    vigour = e.get("vigour") or max(1, record["vigour"] + game.carried.placed_vigour(kind))
    placed = []
    for cell in cells(game, owner, e["where"], e["count"]):
        s.spawned += 1
        fid = f"{kind}-{s.spawned}"
        s.figures.append(Figure(fid, "adversary", cell, vigour))
        s.kinds[fid] = kind
        placed.append({"id": fid, "cell": list(cell), "vigour": vigour})
    return {"op": "spawn", "placed": placed}
