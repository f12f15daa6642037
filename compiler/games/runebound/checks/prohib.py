"""Checks of the prohibitions of session prohib (issue 32); see docs/diagnostics.md.

* RF450 (error): "This Item cannot be sold." off an Item's card: the rule is the card's own,
  and only an Item is sold at the market, so elsewhere it names no card.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Restrict,)


def check(a: n.Ability, ctx, nodes, finding):
    if ctx.kind == "item":
        return
    for node in nodes:
        if type(node) is n.Restrict and node.action.startswith("this_") \
                and not node.action.startswith("this_ally_"):  # rbsubj's: checks/rbsubj.py
            yield finding("RF450", "'this Item' names no card here: only an Item's own text "
                                   "can say 'this Item'", node.span,
                          hint="put the rule on the Item's card, or say it of every Item: "
                               "'Items cannot be sold.'")
