"""Checks of a trigger's clause said of its subject (issue 32, branch rbtrig); see
docs/diagnostics.md.

* RF450 (error): "this Ally is discarded", "this Ally is wounded" (takes wounds), "this Ally
  attacks and fails" and "If this Ally's attack succeeds," off an Ally's card, "you attack this challenge and fail" off a challenge's:
  the words name no card there.
* RF478 (error): an attack said against a figure its maker does not fight: "against your Hero"
  off a challenge's card (a Hero's or an Ally's attack is against its enemy), "against your
  enemy" on a challenge's card (there "your enemy" is the challenge itself; the challenge's
  attack is against the Hero).
* RF444 (error): "Every time you attack and fail, make a ranged attack." — a trigger on the
  Hero's attack whose own attack (a trigger's attack is the Hero's) sets it off again.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _off_ally(node, said: str, finding):
    return finding("RF450", f"'{said}' names no card here: only an Ally's own text can say "
                            "'this Ally'", node.span, hint="put the rule on the Ally's card")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.AllyDiscarded, n.TakesWounds, n.Trigger, n.AttackResult, n.Outcome, n.Attack)


def check(a: n.Ability, ctx, nodes, finding):
    """The findings of ability ``a`` of a card of ``ctx.kind`` (``nodes``: its walk)."""
    ally, challenge = ctx.kind == "ally", ctx.kind == "challenge"
    for node in nodes:
        kind = type(node)
        if kind is n.AllyDiscarded and not ally:
            yield _off_ally(node, "this Ally is discarded", finding)
        elif kind is n.TakesWounds and node.target == "this_ally" and not ally:
            yield _off_ally(node, "this Ally takes wounds", finding)  # "... is wounded" too
        elif kind is n.Trigger and type(node.event) is n.AttackResult \
                and node.event.who == "hero" and any(  # a trigger's attack is the Hero's
                    type(inner) is n.Attack for inner in n.walk(node.effect)):
            yield finding("RF444", "this rule sets itself off: the attack it makes is an attack "
                                   "it reacts to", node.span,
                          hint="give the rule an effect other than an attack (or put the "
                               "attack under a phase's tag)")
        elif kind is n.AttackResult:
            if node.who == "this_ally" and not ally:
                yield _off_ally(node, "this Ally attacks", finding)
            if node.against == "this_challenge" and not challenge:
                yield finding("RF450", "'this challenge' names no card here: only a "
                                       "challenge's own text can say 'this challenge'",
                              node.span, hint="write 'you attack and fail' (the attack is "
                                              "against the Hero's enemy)")
        elif kind is n.Outcome and node.whose == "this_ally" and not ally:
            yield _off_ally(node, "this Ally's attack", finding)
        elif kind is n.Attack and node.against == "hero" and not challenge:
            yield finding("RF478", "an attack 'against your Hero' off a challenge's card: a "
                                   "Hero's or an Ally's attack is made against its enemy",
                          node.span, hint=f"write 'Make a {node.phase} attack.' (against "
                                          "your enemy)")
        elif kind is n.Attack and node.against == "enemy" and challenge:
            yield finding("RF478", "an attack 'against your enemy' on a challenge's card: there "
                                   "'your enemy' is the challenge itself, and a challenge "
                                   "attacks the Hero", node.span,
                          hint=f"write 'Make a {node.phase} attack against your Hero.' (or "
                               f"'Make a {node.phase} attack.')")
