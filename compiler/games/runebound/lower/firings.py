"""A limit before a trigger counts its firings (issue 32, branch runs; was RF493): "Once per
turn, every time your Hero takes 1 or more wounds, gain 1 gold." The engine keeps a rule made
only of triggers always on and never "uses" it, so the ability's own limits were never
counted: it fired every time. :func:`count_firings` writes the limits into each trigger (IR
``limits``), and the engine counts each trigger's firings against them
(engine/runebound/core/firings.py).

Where the limit cannot be counted so (a cost to pay, a window, a sentence that is not a
trigger), check still refuses it (RF493, checks/limited.py, which asks :func:`counts_firings`).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def counts_firings(ability: n.Ability) -> bool:
    """Is ``ability`` a limit before a rule made only of triggers, which the engine keeps
    always on (no cost, no window), so that its limits count the triggers' firings?"""
    if not ability.limits or ability.costs or ability.window is not None \
            or not ability.sentences:  # most abilities: no sentence to look at (issue 38)
        return False
    from .trigtest import bound_outcomes  # an outcome of a trigger's test is the trigger's

    bound = bound_outcomes(ability)
    return all(type(s) is n.Trigger or i in bound for i, s in enumerate(ability.sentences))


def count_firings(ability: n.Ability, ir: dict) -> dict:
    """``ir`` with the written limits of such an ability on each of its triggers."""
    if counts_firings(ability) and all(op["op"] == "trigger" for op in ir["effects"]):
        for op in ir["effects"]:
            op["limits"] = list(ir["limits"])
    return ir


__all__ = ["count_firings", "counts_firings"]
