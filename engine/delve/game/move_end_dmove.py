"""A hero that ends its move next to an adversary (issue 32, branch dmove; the dialect's
dsl/delve/move_end_dmove.py): an adversary's trigger ``move_ended`` fires when a hero ends a
move of its own (its Move action, paid or free, an ability's move of it) in a space adjacent
to the adversary, wherever the move started. A push or a pull is no move of the hero's, and
a move of no steps is none. "that hero" is the hero; the adversaries answer in the order they
were placed, as for ``approached``."""

from __future__ import annotations

from ..rules import effects as fx
from . import events


def ended(game, hero, path, apply) -> None:
    """The adversaries' ``move_ended`` rules after ``hero`` moved along ``path`` (cells
    after its start; empty: it did not move)."""
    s = game.state
    if not path or hero.side != "hero":
        return
    for foe in list(s.adversaries()):
        if hero not in s.figures or s.result is not None:
            return
        if foe not in s.figures or not s.board.adjacent(foe.cell, hero.cell):
            continue
        mine = [(k, ir) for k, ir in events._rules(game, foe, "move_ended") if ir.get("who")
                and hero in fx.candidates(s.board, foe, ir["who"], s.figures)]
        if mine:
            events.run(game, foe, "move_ended", mine, {"picked": [hero], "target": hero},
                       apply)
