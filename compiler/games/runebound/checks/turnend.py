"""A rule given at the end of the turn that lasts to the end of the turn (issue 32, branch
runs, "what compiles runs").

The engine opens the window "At the end of your turn" and then ends the turn's durations
(engine/runebound/game/game.py, ``end_turn``): a rule put in force there until the end of the
turn, a combat round or a combat ends as it begins.

* RF563 (error): "At the end of your turn, every time your Hero takes 1 or more wounds, gain
  1 gold." (a trigger used lasts to the end of the turn), "At the end of your turn, you receive
  +1 Body.", "At the end of your turn, Items cost you 1 less gold.", "At the end of your turn,
  until the end of this turn, ...". A duration that outlasts the turn ("until the start of
  your next turn", "until the end of your next turn", "until the next event") runs.
"""

from __future__ import annotations

import re

from runeforge.engine.runebound.core import cardwindows as cw

# ops whose use puts a rule in force to the end of the turn at the latest (effects.py,
# effects_combat.py, effects_place.py, skills.py), and the durations that end by then
ENDS_BY_TURN_END = frozenset({"trigger", "modify", "restrict", "cost_modifier", "grant_skill",
                              "terrain_rule", "extra_wounds", "wound_cap", "immune",
                              "cannot_be_wounded"})
SHORT = frozenset({"end_of_turn", "end_of_round", "end_of_combat"})
_WINDOW = re.compile(r"at the end of (your|the|this|each) turn", re.IGNORECASE)


def _gone(effects) -> bool:
    stack = list(effects)
    while stack:
        op = stack.pop()
        kind = op.get("op")
        if kind in ENDS_BY_TURN_END:
            return True
        if kind == "for_duration":
            if op["until"] in SHORT:
                return True
            continue  # it outlasts the turn
        for key in ("effects", "else"):
            if isinstance(op.get(key), list):
                stack.extend(op[key])
        for branch in op.get("options", ()) or ():
            if isinstance(branch, list):
                stack.extend(branch)
    return False


def check(ir: dict, kind: str, text: str, finding):
    if cw.timing_of(ir) != "end_of_turn" or cw.runner(kind, "end_of_turn") is None:
        return
    if _gone(ir["effects"]):
        found = _WINDOW.search(text)
        yield finding("RF563", "a rule given at the end of the turn that lasts to the end of "
                               "the turn (a round, a combat) at the latest: it ends as it "
                               "begins", found.span() if found else (0, len(text)),
                      hint="give it earlier ('At the start of your turn, ...'), or say a "
                           "duration that outlasts the turn: 'Until the end of your next "
                           "turn, ...'")


__all__ = ["check"]
