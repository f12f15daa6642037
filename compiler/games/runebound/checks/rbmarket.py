"""Checks of branch rbmarket (issue 32, part III): the market's prices of selling and healing.

* RF570 -- "you receive its full cost" outside a sale's trigger ("When you sell this card, ..."
  / "When you sell an Item, ..."): no card sold for "its" to name.
* RF571 -- a price of selling or healing ("Items sell for their full cost.", "Healing a wound
  costs 2 gold.") paid for with the card's costs ("Activate to ..."): the rule is always on (or
  lasts a duration), so nothing asks for the cost.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

NODES = (n.FullProceeds, n.SellFull, n.HealPrice)


def check(a, ctx, nodes, finding):
    for node in nodes:
        if type(node) is n.FullProceeds and node.subject is None:
            yield finding("RF570", "'its full cost' names the card sold, and no card is sold "
                                   "here", node.span,
                          hint="say it after a sale: 'When you sell this card, you receive its "
                               "full cost.', or as a rule: 'Items sell for their full cost.'")
        if type(node) in (n.SellFull, n.HealPrice) and a.costs:
            yield finding("RF571", "a price of selling or healing is a rule that holds, not "
                                   "something a cost pays for", node.span,
                          hint="drop the cost ('Items sell for their full cost.'), or say how "
                               "long it lasts: 'Until the end of this turn, healing a wound "
                               "costs 0 gold.'")
