"""A basic action taken by an ability (issue 32, session delve9): "Take a Move action.",
"take the Recover action without spending a die" (IR ``basic``). It is free: the ability's
own cost, or none for a trigger, is what was paid.

* ``move``: up to the hero's Move (its card's, with its bonuses), to a cell its player
  chooses (none: it stays); a figure held in place does not move;
* ``recuperate``: 1 wound healed (R14) and the hero's "every time you recuperate" rules; no die
  is spent, so the next paid Recuperate costs no more; nothing for an unwounded hero or one an
  adversary's rule forbids to recuperate."""

from __future__ import annotations

from ..rules import abilities as ab
from . import events, move_end_dmove, passage_dmove, traits  # *_dmove: branch dmove
from .choose import ask, reach


def take(game, owner, e: dict, choice, apply) -> dict:
    s = game.state
    if e["act"] == "move":
        cells = reach(game, owner, game.move_value(owner))
        goal = choice.get("to") if choice and choice.get("to") else ask(
            game, owner, [{"to": list(c)} for c in cells], "to")
        if goal is None or tuple(goal) not in cells:
            return {"op": "basic", "act": "move", "path": []}
        path = passage_dmove.path(game, owner, tuple(goal))   # branch dmove
        before = owner.cell
        ab.step_to(s.board, owner, path, passage_dmove.in_the_way(game, owner),
                   game.move_value(owner))
        events.approached(game, owner, before, apply)   # branch delveseven
        move_end_dmove.ended(game, owner, path, apply)   # branch dmove
        return {"op": "basic", "act": "move", "path": [list(c) for c in path]}
    if not owner.wounds or traits.forbidden(game, owner, "recuperate"):
        return {"op": "basic", "act": "recuperate", "healed": 0}
    healed = ab.heal(owner, 1)
    events.fire(game, owner, "recuperated", apply)
    return {"op": "basic", "act": "recuperate", "healed": healed}
