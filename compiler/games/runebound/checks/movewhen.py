"""A movement effect in a trigger (issue 32, branch runs, "what compiles runs").

"Move N spaces" and "roll N additional movement dice" are grants: extra dice wait for the
Hero's next movement step, and a move granted after the Hero's movement step moves it at
once (engine/runebound/game/turn.py, move_now.py); before, a grant given after the step was
dropped. A rule always on that fires on an event may fire in a combat, where moving is not
part of the fight (the engine refuses it there), or in the movement step itself, and a move
on "your Hero enters ..." sets itself off:

* RF562 (error): "Every time your Hero enters a forest space, move 1 space.", "Every time your
  Hero takes 1 or more wounds, roll 1 additional movement die." A combat timing is RF421.
"""

from __future__ import annotations

from runeforge.engine.runebound.core import cardwindows as cw

from .windows import _MOVE, MOVEMENT_OPS, _ops, _span


def check(ir: dict, kind: str, text: str, finding):
    if cw.timing_of(ir) != "trigger" or cw.runner(kind, "trigger") is None:
        return
    if _ops(ir["effects"], MOVEMENT_OPS):
        yield finding("RF562", "a movement effect in a trigger: the event may come in a combat "
                               "or in the movement step itself, where no grant can be used",
                      _span(text, _MOVE.pattern),
                      hint="say it in a window of the turn: 'Before moving, ...', 'At the "
                           "start of your turn, ...' or 'After combat, ...'")


__all__ = ["check"]
