"""Checks of the triggers on a test (issue 32, session when); see docs/diagnostics.md.

* RF455 (error): "add N to the result" anywhere but under "When you test <attribute>, ...":
  only a test's trigger has a result to add to (elsewhere the engine has none).
* RF450 (error): "you test <attribute>" on a challenge: a challenge's rules hold only while a
  Hero fights it, and no Hero takes a test in a combat.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def check(a: n.Ability, ctx, nodes, finding):
    """The findings of ability ``a`` of a card of ``ctx.kind`` (``nodes``: its walk)."""
    bonuses = [node for node in nodes if type(node) is n.TestBonus]
    tested = [node for node in nodes if type(node) is n.SkillTested]
    if not bonuses and not tested:
        return
    allowed = {id(inner) for node in nodes
               if type(node) is n.Trigger and type(node.event) is n.SkillTested
               for inner in n.walk(node.effect) if type(inner) is n.TestBonus}
    for node in bonuses:
        if id(node) not in allowed:
            yield finding("RF455", "'add ... to the result' has no test's result here: only a "
                                   "test's trigger can add to it", node.span,
                          hint="write it under a test's trigger: 'When you test Mind, add 2 "
                               "to the result.'")
    if ctx.kind == "challenge":
        for node in tested:
            yield finding("RF450", "'you test ...' on a challenge never happens: a challenge's "
                                   "rules hold only while a Hero fights it, and no Hero takes "
                                   "a test in a combat", node.span,
                          hint="put the rule on a Hero's, an Item's or an Ally's card")
