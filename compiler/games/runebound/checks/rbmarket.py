"""Checks of branch rbmarket (issue 32, part III): the market's prices of selling and healing.

* RF570 -- "you receive its full cost" outside a sale's trigger ("When you sell this card, ..."
  / "When you sell an Item, ..."): no card sold for "its" to name.
* RF571 -- a price of selling or healing ("Items sell for their full cost.", "Healing a wound
  costs 2 gold.") paid for with the card's costs ("Activate to ..."): the rule is always on (or
  lasts a duration), so nothing asks for the cost.
* RF572 -- "Each Hero looks at the top 2 cards of the market deck, keeps one and ..." (market
  cards drawn and one kept, said of other Heroes): the rules text has no third person for it
  ("Each Hero draws 2 market cards and keeps one." does not read back), so only your Hero does.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

NODES = (n.FullProceeds, n.SellFull, n.HealPrice, n.Each)


def check(a, ctx, nodes, finding):
    for node in nodes:
        if type(node) is n.Each and type(node.effect) is n.DrawMarketKeep:
            yield finding("RF572", "market cards drawn with one kept are said of your Hero only",
                          node.span, hint="say it of your Hero: 'Draw 2 market cards and keep "
                                          "one.'")
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
