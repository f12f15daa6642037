"""Transformer rules of branch rbnp: noun phrases and objects as English builds them.

* "roll a die" inside a clause (a trigger's effect, "... to roll a die", "If you succeed, roll a
  die"): the engine rolls a die table only as sentences of their own ("Roll a die. On 6 or more,
  ..."), so the words are refused where they stand (RF481) with the form that runs.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from .parser_parts import _sp


class RbnpRules:
    def roll_in_clause(self, ch):
        raise AbilitySyntaxError(
            "a die is rolled in a sentence of its own, its rows after it; the engine rolls no "
            "die inside a trigger's effect, a price's 'to ...' or a condition", *_sp(ch),
            code="RF481",
            hint="write the roll as its own sentence with its rows ('Roll a die. On 6 or more, "
                 "gain 1 gold. Otherwise, nothing happens.'); a wound is cancelled only as it is "
                 "inflicted ('Any Phase: Exhaust this Ally to cancel 1 wound being inflicted on "
                 "this Ally.')")


def install(cls) -> None:
    for name, value in vars(RbnpRules).items():
        if not name.startswith("__"):
            setattr(cls, name, value)


# ---- recipients coordinated in one noun phrase: "your Hero or this Ally" (one, the player's
# choice; the IR target names the pool the engine asks from)
def _recipients(name):
    from .parser_parts import _word

    return lambda self, ch: _word(name, _sp(ch))


RbnpRules.hero_or_this_ally = _recipients("hero_or_this_ally")
RbnpRules.hero_or_other_ally = _recipients("hero_or_other_ally")
