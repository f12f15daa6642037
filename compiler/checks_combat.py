"""Semantic checks of the combat family (issue 21, family 7; docs/language.md "Family 7:
combat"), codes RF425-RF429. Called by :func:`runeforge.checks.check_ability`."""

from __future__ import annotations

from .dsl import nodes as n


def check_combat(a: n.Ability, nodes, ctx):
    from .checks import Finding

    yield from _additional_wounds(a, Finding)


def _additional_wounds(a: n.Ability, finding):
    """RF425: "inflict N additional wounds" adds to an attack that succeeded: it belongs in
    "If you succeed," after an attack of the same ability, and on the enemy it hit."""
    attacked = False
    for s in a.sentences:
        for node, success in _with_outcome(s, False):
            if isinstance(node, n.Attack):
                attacked = True
            elif isinstance(node, n.InflictAdditional):
                if not (attacked and success):
                    yield finding(
                        "RF425", "additional wounds with no successful attack to add them to",
                        node.span, hint="make an attack first and write 'If you succeed, "
                                        "inflict N additional wounds on your enemy.'")
                elif node.target != "enemy":
                    yield finding(
                        "RF425", "additional wounds go to the enemy the attack hit",
                        node.span, hint="write 'on your enemy', or use 'inflict N wounds on "
                                        "...' for wounds of their own")


def _with_outcome(node, success: bool):
    """(node, inside "If you succeed,") for ``node`` and every node below it, in order."""
    yield node, success
    if isinstance(node, n.Outcome):
        inner = success or node.outcome == "success"
        if node.outcome == "failure":
            inner = False
        yield from _with_outcome(node.effect, inner)
    elif isinstance(node, n.And):
        for item in node.items:
            yield from _with_outcome(item, success)
    elif isinstance(node, (n.MayDo, n.During, n.Trigger)):
        yield from _with_outcome(node.effect, success and not isinstance(node, n.Trigger))
