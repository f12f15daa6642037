"""A snapshot of the hero phase as plain data: the board, the figures and each hero's turn of
dice. It round-trips through JSON (:meth:`DelveState.to_dict`, :meth:`DelveState.from_dict`),
and :func:`problems` lists every broken invariant (an empty list when all hold).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board.board import Board
from .attacks import Figure
from .costs import HeroTurn


@dataclass
class DelveState:
    board: Board
    figures: list[Figure] = field(default_factory=list)
    turns: dict[str, HeroTurn] = field(default_factory=dict)
    dealt: dict[str, int] = field(default_factory=dict)   # hero dice dealt this turn, per hero

    def figure(self, figure_id: str) -> Figure:
        for f in self.figures:
            if f.id == figure_id:
                return f
        raise KeyError(figure_id)

    def to_dict(self) -> dict:
        return {"board": self.board.to_dict(),
                "figures": [f.to_dict() for f in self.figures],
                "turns": {k: t.to_dict() for k, t in sorted(self.turns.items())},
                "dealt": dict(sorted(self.dealt.items()))}

    @classmethod
    def from_dict(cls, data: dict, tiles: dict) -> DelveState:
        """``tiles`` maps tile id -> :class:`~..board.tiles.Tile` (from the bundle)."""
        return cls(Board.from_dict(data["board"], tiles),
                   [Figure.from_dict(f) for f in data["figures"]],
                   {k: HeroTurn.from_dict(t) for k, t in data["turns"].items()},
                   dict(data["dealt"]))


def problems(state: DelveState) -> list[str]:
    """Every invariant that does not hold: figures stand on distinct cells of the board, with
    wounds below Vigour; each hero's dice spent + unused + set aside = dealt; at most one
    action under way."""
    out = []
    seen: dict = {}
    for f in state.figures:
        if f.cell not in state.board.owner:
            out.append(f"{f.id} stands on {list(f.cell)}, a cell of no chamber")
        if f.cell in seen:
            out.append(f"{f.id} and {seen[f.cell]} share the cell {list(f.cell)}")
        seen[f.cell] = f.id
        if not 0 <= f.wounds < f.vigour:
            out.append(f"{f.id} is on the board with {f.wounds} wounds and Vigour {f.vigour}")
        if f.renown < 0 or f.skills < 0:
            out.append(f"{f.id} has negative renown or skills")
    for hero, turn in state.turns.items():
        if hero in state.dealt and turn.dealt != state.dealt[hero]:
            out.append(f"{hero}: dice spent {len(turn.spent)} + unused {len(turn.dice)} + set "
                       f"aside {len(turn.set_aside)} != dealt {state.dealt[hero]}")
    busy = [h for h, t in state.turns.items() if t.in_action]
    if len(busy) > 1:
        out.append(f"R3: several actions under way at once: {', '.join(busy)}")
    return out
