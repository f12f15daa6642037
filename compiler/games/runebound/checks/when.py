"""Checks of the triggers on a test (issue 32, session when); see docs/diagnostics.md.

* RF455 (error): "add N to the result" anywhere but under "When you test <attribute>, ...":
  only a test's trigger has a result to add to (elsewhere the engine has none).
* RF457 (error): "if you took no wounds (in this combat)" away from a combat: only a combat
  phase's tag, "After combat,", "When you defeat a challenge,", "When your Hero is knocked
  out," or a trigger fired in a combat have a combat to look at (under "if", not "while").
* RF450 (error): "you test <attribute>" on a challenge: a challenge's rules hold only while a
  Hero fights it, and no Hero takes a test in a combat.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# windows and trigger events of a combat (or right after it): "if you took no wounds" reads it
COMBAT_WINDOWS = ("after_combat", "defeat_challenge", "knocked_out")
COMBAT_EVENTS = (n.DefeatChallenge, n.KnockedOut, n.CombatRound, n.TakesWounds)


def _unwounded(a: n.Ability, nodes, finding):
    said = [node for node in nodes if type(node) is n.Condition and node.kind == "unwounded"]
    if not said:
        return
    in_combat = a.tag is not None or a.window in COMBAT_WINDOWS
    allowed = set()
    for node in nodes:
        if type(node) is n.IfState and node.condition.kind == "unwounded" and in_combat:
            allowed.add(id(node.condition))
        elif type(node) is n.Trigger and isinstance(node.event, COMBAT_EVENTS):
            allowed |= {id(inner.condition) for inner in n.walk(node.effect)
                        if type(inner) is n.IfState}
    for node in said:
        if id(node) not in allowed:
            yield finding("RF457", "'you took no wounds' looks at a combat: here there is none "
                                   "to look at", node.span,
                          hint="write it after 'After combat,' (or a combat phase's tag): "
                               "'After combat, if you took no wounds, gain 1 gold.'")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Condition, n.TestBonus, n.SkillTested, n.AllyLost, n.HeroDefeated)


def check(a: n.Ability, ctx, nodes, finding):
    """The findings of ability ``a`` of a card of ``ctx.kind`` (``nodes``: its walk)."""
    yield from _unwounded(a, nodes, finding)
    bonuses = [node for node in nodes if type(node) is n.TestBonus]
    tested = [node for node in nodes if type(node) is n.SkillTested]
    if not bonuses and not tested and ctx.kind != "challenge":
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
        for node in nodes:
            if type(node) is n.AllyLost:
                yield finding("RF450", "'one of your Allies is defeated' on a challenge: its "
                                       "rules hold only in its own fight, where it does not "
                                       "watch the Hero's Allies", node.span,
                              hint="put the rule on a Hero's, an Item's or an Ally's card")
            if type(node) is n.HeroDefeated:
                yield finding("RF450", "'you defeat another Hero' on a challenge never happens: "
                                       "a challenge's rules hold only while a Hero fights it",
                              node.span, hint="put the rule on a Hero's, an Item's or an Ally's "
                                              "card")
        for node in tested:
            yield finding("RF450", "'you test ...' on a challenge never happens: a challenge's "
                                   "rules hold only while a Hero fights it, and no Hero takes "
                                   "a test in a combat", node.span,
                          hint="put the rule on a Hero's, an Item's or an Ally's card")
