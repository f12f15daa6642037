"""Checks of branch rbwound (issue 32, part III): the first wounds of each combat (round)
cancelled (:class:`~runeforge.dsl.runebound.nodes.CancelFirst`), codes RF576-RF578 (RF575,
"the first 0 wounds", is the parser's).

* RF576: the rule said anywhere but as an always-on rule of its own (after a timing, a cost, a
  limit, inside a duration, a condition or a trigger): the engine reads it as a standing rule
  of a held card, where wounds are inflicted, and has no moment at which it "happens";
* RF577: on a card that holds no standing rule in a combat (an event, an encounter);
* RF578: a figure the card cannot name: "this Ally" off an Ally's own card, and on a challenge
  anything but "your enemy" (the challenge itself: "Ignore the first wound inflicted on your
  enemy in each combat.").
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

NODES = (n.CancelFirst,)
KINDS = ("hero", "item", "ally", "challenge")
_RULE = "'Cancel the first wound inflicted on your Hero in each combat.'"


def check(a: n.Ability, ctx, nodes, finding):
    standing = a.tag is None and a.window is None and not a.costs and not a.limits
    top = {id(s) for s in a.sentences}
    for node in nodes:
        if type(node) is not n.CancelFirst:
            continue
        if not standing or id(node) not in top:
            yield finding("RF576", "'cancel the first wound ... in each combat' is a rule always "
                                   "in force; here it would happen once, and nothing happens "
                                   "then", node.span,
                          hint=f"write it as a sentence of its own with no timing, cost or "
                               f"condition: {_RULE}")
        elif ctx.kind not in KINDS:
            yield finding("RF577", f"an always-on rule on {_a(ctx.kind)} card never runs in a "
                                   "combat: only a Hero's, an Item's, an Ally's or the "
                                   "challenge's own text holds one there", node.span,
                          hint="put the rule on the Hero, an Item or an Ally")
        elif node.subject == "this_ally" and ctx.kind != "ally":
            yield finding("RF578", "'this Ally' names no card here: only an Ally's own text "
                                   "can say 'this Ally'", node.span,
                          hint="write 'your Hero' or 'each of your Allies'")
        elif ctx.kind == "challenge" and node.subject != "enemy":
            yield finding("RF578", "a challenge's rule cancels the wounds of the challenge "
                                   "itself, 'your enemy' to the Hero who reads it", node.span,
                          hint="write 'Ignore the first wound inflicted on your enemy in "
                               "each combat.'")


def _a(kind) -> str:
    return f"{'an' if str(kind)[:1] in 'aeiou' else 'a'} {kind}"
