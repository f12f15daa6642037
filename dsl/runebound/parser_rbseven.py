"""Transformer rules of branch rbseven (issue 32): an attack's result said by its subject.

* "your attack succeeds" / "your attack misses" as a trigger event: the Hero's
  :class:`~.nodes_trig.AttackResult`.
* "If your attack succeeds, X." (or "If the attack succeeds", "If this Ally attacks and
  succeeds") with no attack or test before it in the ability: no attack of the text answers it,
  so it holds of every such attack, the trigger "Every time you attack and succeed, X." (as "If
  you fail to defend, X." is, parser_defend.py). Under a combat phase's tag it is the attack
  of this combat round, which the Hero (or this Ally) makes in one phase only (seed 002): the
  trigger lasts until the end of the round ("Melee: Until the end of this combat round, every
  time you attack and succeed, X."), so an ability used once per turn does not answer the
  attacks of later rounds. :func:`lone_outcomes_as_triggers` rewrites the sentences; parser.py
  calls it with the spans of the outcomes that follow nothing.

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from . import nodes as n
from .parser_parts import _sp

COMBAT_TAGS = ("ranged", "melee", "magic")


class Rbseven:
    def rb7_your_attack_succeeds(self, ch):
        return n.AttackResult("hero", True, span=_sp(ch))

    def rb7_your_attack_fails(self, ch):
        return n.AttackResult("hero", False, span=_sp(ch))


def lone_outcomes_as_triggers(sentences: list, lone: list, tag) -> list:
    """``sentences`` with each whole-sentence attack outcome whose span is in ``lone`` (it
    follows no attack or test) made the trigger on that attack's result (see the module)."""
    spans = set(lone)
    out = []
    for s in sentences:
        if type(s) is n.Outcome and s.span in spans:
            event = n.AttackResult(s.whose or "hero", s.outcome == "success", span=s.span)
            s = n.Trigger(event, s.effect, event_first=True, span=s.span)
            if tag in COMBAT_TAGS:
                s = n.During("end_of_round", s, span=s.span)
        out.append(s)
    return out


def install(cls) -> None:
    for name, value in vars(Rbseven).items():
        if not name.startswith("__"):
            setattr(cls, name, value)


__all__ = ["install", "lone_outcomes_as_triggers"]
