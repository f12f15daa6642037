"""Checks of branch rbdamage: how the wounds of an attack are counted
(:class:`~runeforge.dsl.runebound.nodes.DamageRule`), codes RF554-RF556 (RF553, a figure the
rule cannot be said of, is the parser's).

* RF554: a figure the card cannot name: "this Ally" off an Ally's own card, "this challenge"
  off a challenge's own card;
* RF555: colours said of the wounds a challenge deals: its enemy is a Hero, who has no colour,
  so the rule would never apply;
* RF556: on an event or an encounter, whose text holds no rule in a combat.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

NODES = (n.DamageRule,)
KINDS = ("hero", "item", "ally", "challenge")


def check(a: n.Ability, ctx, nodes, finding):
    for node in nodes:
        if type(node) is not n.DamageRule:
            continue
        if ctx.kind not in KINDS:
            yield finding("RF556", f"{_a(ctx.kind).capitalize()} card holds no rule in a "
                                   "combat: how an attack's wounds are counted is a rule of a "
                                   "Hero, an Item, an Ally or the challenge fought", node.span,
                          hint="put the rule on the Hero, an Item, an Ally or a challenge")
        elif node.subject == "this_ally" and ctx.kind != "ally":
            yield finding("RF554", "'this Ally' names no card here: only an Ally's own text "
                                   "can say 'this Ally'", node.span,
                          hint="write 'your Hero', 'Double your melee damage.', or put the "
                               "rule on the Ally")
        elif node.subject == "this_challenge" and ctx.kind != "challenge":
            yield finding("RF554", "'this challenge' names no card here: only a challenge's "
                                   "own text can say 'this challenge'", node.span,
                          hint="write 'your enemy': 'Your enemy takes no more than 1 wound "
                               "from a single attack.'")
        elif node.side == "deals" and node.colours and \
                (node.subject in ("this_challenge", "enemy") or ctx.kind == "challenge"
                 and node.subject != "hero"):
            yield finding("RF555", "a challenge's attacks wound a Hero, who has no colour: "
                                   "'against <colour> challenges' would never hold", node.span,
                          hint="drop the colours, or say the rule of your Hero's or an Ally's "
                               "attacks")


def _a(kind) -> str:
    return f"{'an' if str(kind)[:1] in 'aeiou' else 'a'} {kind}"
