"""A trigger's test and the outcome said after it (issue 32, branch runs2, "what compiles
runs"): "Every time your Hero takes 1 or more wounds, test Body Swim (14). If you fail, take 1
exhaustion." The second sentence says what the trigger's test leads to, so it is part of the
trigger: the lowering put it beside the trigger instead, which made the rule an ability to use
(once a turn) that registered the trigger and then read the outcome of no test; the trigger
itself only tested. :func:`bound_outcomes` finds such sentences (an ``If you succeed/fail``
right after a trigger whose effect ends with a test, or after another such sentence), and
:func:`fold` puts their IR into the trigger's effects, so the rule is always on as a rule of
triggers is and each firing tests and then acts on its result.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def bound_outcomes(ability: n.Ability) -> set[int]:
    """The indices of ``ability``'s sentences that are outcomes of the trigger before them."""
    bound: set[int] = set()
    open_trigger = False
    for i, s in enumerate(ability.sentences):
        if type(s) is n.Trigger:
            open_trigger = type(n.clauses(s.effect)[-1]) is n.Test
        elif type(s) is n.Outcome and open_trigger:
            bound.add(i)
        else:
            open_trigger = False
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


__all__ = ["bound_outcomes", "fold"]
