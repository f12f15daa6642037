"""A trigger's test and the outcome said after it (issue 32, branch runs2, "what compiles
runs"): "Every time your Hero takes 1 or more wounds, test Body Swim (14). If you fail, take 1
exhaustion." The second sentence says what the trigger's test leads to, so it is part of the
trigger: the lowering put it beside the trigger instead, which made the rule an ability to use
(once a turn) that registered the trigger and then read the outcome of no test; the trigger
itself only tested. :func:`bound_outcomes` finds such sentences (an ``If you succeed/fail``
right after a trigger whose effect ends with a test, or after another such sentence), and
:func:`fold` puts their IR into the trigger's effects, so the rule is always on as a rule of
triggers is and each firing tests and then acts on its result.

Branch runs3: the same holds of any effect said after a trigger in a rule nothing makes an
ability to use (no "Melee:"-like tag, window or cost): "Every time your Hero takes 1 or more
wounds, gain 1 gold. Take 1 exhaustion." is one rule, and each firing gains the gold and takes
the exhaustion. It compiled as an ability to use once a turn whose use registered the trigger
and took the exhaustion once. A sentence that is itself always on ("+1 Body.", "While ...,
...") stays a rule of its own, and another trigger starts a trigger of its own.

Branch mends: a phase's tag does not change that. "Melee: Every time ..., gain 1 gold. Take 1
exhaustion." is the same rule bound to the melee phase (lower/phasebind.py): it split into a
trigger and an exhaustion taken once, at the ability's use. A rule made only of triggers under
a phase's tag is always on in the engine (Ability.standing), so the folded rule is too, and
fires in that phase only. Under another tag or a window (RF564) or with a cost, the sentence
after the trigger stays the use's.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.engine.runebound.core.ir import PHASES

_standing = tuple  # the node types always on by themselves (lower/__init__.py: register)


def register(standing) -> None:
    """``standing()``: the node types of rules always on by themselves ("+1 Body.")."""
    global _standing
    _standing = standing


def bound_outcomes(ability: n.Ability) -> set[int]:
    """The indices of ``ability``'s sentences that are outcomes of the trigger before them."""
    for s in ability.sentences:  # none without a trigger sentence: most abilities (issue 38)
        if type(s) is n.Trigger:
            break
    else:
        return set()
    standing = _standing()
    rule = (ability.tag in (None, *PHASES) and ability.window is None  # (mends: a phase's tag)
            and not ability.costs)
    bound: set[int] = set()
    open_trigger = after_trigger = False  # a test to act on; a trigger the effect continues
    for i, s in enumerate(ability.sentences):
        if type(s) is n.Trigger:
            open_trigger = type(n.clauses(s.effect)[-1]) is n.Test
            after_trigger = True
        elif type(s) is n.Outcome and open_trigger:
            bound.add(i)
        elif (rule and after_trigger and type(s) is not n.Outcome
              and not all(isinstance(c, standing) for c in n.clauses(s))):
            bound.add(i)  # "Every time ..., gain 1 gold. Take 1 exhaustion." (runs3)
            open_trigger = type(n.clauses(s)[-1]) is n.Test
        else:
            open_trigger = after_trigger = False
    return bound


def fold(ability: n.Ability, per_sentence: list[list[dict]]) -> list[dict]:
    """The ability's effect IR, ``per_sentence`` (each sentence's ops), with each bound
    outcome's ops put into the effects of the trigger before it."""
    bound = bound_outcomes(ability)
    out: list[dict] = []
    for i, ops in enumerate(per_sentence):
        if i in bound and out and out[-1]["op"] == "trigger":
            out[-1]["effects"].extend(ops)
        else:
            out.extend(ops)
    return out


__all__ = ["bound_outcomes", "fold", "register"]
