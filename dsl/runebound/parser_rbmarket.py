"""Transformer rules of branch rbmarket (issue 32, part III): the market's prices of selling
and healing (ability.lark's rbmarket block; nodes in nodes_rbmarket.py).

* "Heroes sell Items for their full cost instead of half." / "Items sell for their full
  cost." / "Heroes receive the full cost in gold for Items they sell." are
  :class:`~.nodes.SellFull` of every Item; "You may sell this card for its full price." of
  this card. Who sells adds nothing: the rule holds for the Hero whose card says it, and an
  active event's rules hold for every Hero.
* "When you sell this item, you receive its full cost (in gold) rather than half.": the
  proceeds said in a sale's trigger are the rule for the card sold
  (:class:`~.nodes.FullProceeds`, its subject set here from the trigger's event: ``this`` for
  "this card", ``item`` for "an Item"); anywhere else it stays None (RF570 at check).
* "Healing a wound (in any town) costs 2 gold (instead of 1)." / "Healing costs 2 gold per
  wound." are :class:`~.nodes.HealPrice` of wounds; "Healing exhaustion costs 2 gold." of
  exhaustion.
* "Allies cannot be hired in any town.", "Items sell for their full cost in every town.": the
  market is a town's, so "in any town" after its prohibitions and prices adds nothing;
* "All market purchases cost 1 more gold." is the price of Items and Allies; "Every Item (in
  every market) costs 1 more gold." and "You pay 1 gold less for Items." are prices
  (:class:`~.nodes.CostModifier`, as "Items cost you 1 more gold." is).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

import dataclasses

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _ints, _Marker, _sp, _values, install_rules


def _number_of(amount) -> int:
    if getattr(amount, "kind", None) != "fixed":
        span = getattr(amount, "span", None) or (0, 0)
        raise AbilitySyntaxError("a price changes by a number of gold", span[0], span[1],
                                 hint="write a number: 'You pay 1 gold less for Items.'")
    return amount.values[0]


def _paid(ch, sign: int):
    """"(You) pay 1 gold less for Items": the price, marked as said with "pay" (a subject
    before it adds nothing: the price holds for the Hero whose card says it)."""
    amount, subjects = _values(ch)[-2:]
    node = n.CostModifier(tuple(subjects), delta=sign * _number_of(amount), span=_sp(ch))
    object.__setattr__(node, "rbm_paid", True)
    return node


_TAKES = frozenset({"KEEP", "HIRE", "BUY", "TAKE", "GAIN"})
_DEAR = frozenset({"BUY", "HIRE"})  # with no price said, "buy it" pays its cost


class Rbmarket:
    def rbm_pass(self, ch):
        return _values(ch)[0]

    def rbm_free(self, ch):
        return _Marker("rbm_price", "free", _sp(ch))

    def rbm_half(self, ch):
        return _Marker("rbm_price", "half", _sp(ch))

    def rbm_normal(self, ch):
        return _Marker("rbm_price", "normal", _sp(ch))

    def rbm_arrange(self, ch):
        """The top cards of a deck in any order: "look at the top 3 cards of any / the green
        adventure deck (of the market deck) and put them back in any order"."""
        colours = [v for v in _values(ch) if isinstance(v, str)]
        types = [t.type for t in ch if isinstance(t, Token)]
        deck = colours[0] if colours else "market" if "MARKET" in types else "any"
        return n.ArrangeDeck(deck, _ints(ch)[0], span=_sp(ch))

    def rbm_look_keep(self, ch):
        """"look at the top 3 cards of the market deck, take one for free and put the others on
        the bottom" is "draw 3 market cards and keep one"."""
        return n.DrawMarketKeep(_values(ch)[0], span=_sp(ch))

    def rbm_offer(self, ch):
        """The market deck's offer; the top card only ("the top 2 cards ... if it is" has no
        "it")."""
        amount = _values(ch)[0]
        if getattr(amount, "values", (1,)) != (1,) or getattr(amount, "kind", "fixed") != "fixed":
            span = _sp(ch)
            raise AbilitySyntaxError("'if it is' and 'it' name one card drawn", span[0], span[1],
                                     hint="draw the top card: 'Draw the top card of the market "
                                          "deck; if it is an Ally, you may take it for free.'")
        kinds = [t.type for t in ch if isinstance(t, Token) and t.type in ("ITEM", "ALLY")]
        prices = [v.value for v in _values(ch) if isinstance(v, _Marker)]
        verb = next(t.type for t in ch if isinstance(t, Token) and t.type in _TAKES)
        price = prices[0] if prices else "normal" if verb in _DEAR else "free"
        return n.MarketOffer(kinds[0].lower() if kinds else "any", price, span=_sp(ch))

    def rbm_sell_items(self, ch):
        return n.SellFull("item", span=_sp(ch))

    def rbm_sell_this(self, ch):
        return n.SellFull("this", span=_sp(ch))

    def rbm_proceeds(self, ch):
        return n.FullProceeds(None, span=_sp(ch))

    def rbm_heal_wound(self, ch):
        return n.HealPrice("wounds", _ints(ch)[0], span=_sp(ch))

    def rbm_heal_free(self, ch):
        return n.HealPrice("wounds", 0, span=_sp(ch))

    def rbm_heal_more(self, ch):
        return n.HealPrice("wounds", None, span=_sp(ch), delta=_ints(ch)[0])

    def rbm_heal_less(self, ch):
        return n.HealPrice("wounds", None, span=_sp(ch), delta=-_ints(ch)[0])

    def rbm_heal_exhaustion(self, ch):
        return n.HealPrice("exhaustion", _ints(ch)[0], span=_sp(ch))

    def rbm_all_more(self, ch):
        return n.CostModifier(("item", "ally"), delta=_ints(ch)[0], span=_sp(ch))

    def rbm_all_less(self, ch):
        return n.CostModifier(("item", "ally"), delta=-_ints(ch)[0], span=_sp(ch))

    def rbm_costs_more(self, ch):
        return n.CostModifier(("item",), delta=_ints(ch)[0], span=_sp(ch))

    def rbm_costs_less(self, ch):
        return n.CostModifier(("item",), delta=-_ints(ch)[0], span=_sp(ch))

    def rbm_pay_less(self, ch):
        return _paid(ch, -1)

    def rbm_pay_more(self, ch):
        return _paid(ch, 1)


_SALES = {n.CardTraded: "this", n.ItemTraded: "item"}


def _bind(node):
    """``node`` with each sale trigger's ``FullProceeds`` given the card sold; "you may sell
    this card for its full cost" is the rule (the choice is the seller's anyway)."""
    if type(node) is n.MayDo and type(node.effect) is n.SellFull:
        return node.effect
    if type(node) is n.Trigger and type(node.effect) is n.FullProceeds \
            and getattr(node.event, "verb", None) == "sell" and type(node.event) in _SALES:
        proceeds = dataclasses.replace(node.effect, subject=_SALES[type(node.event)])
        return dataclasses.replace(node, effect=proceeds)
    return node


# the market's acts: a town's, so "in any town" after them (or after a price of selling or
# healing) says where they hold already ("Allies cannot be hired in any town.")
_TOWN_ACTS = frozenset({"buy_items", "buy_allies", "sell_items", "this_sell_items",
                        "heal_in_town", "own_buy_items", "own_buy_allies", "own_sell_items",
                        "own_heal_in_town"})


def _in_every_town(every_town):
    def applies(mod, effect):
        if type(effect) in (n.SellFull, n.HealPrice) or \
                type(effect) is n.Restrict and effect.action in _TOWN_ACTS:
            return effect
        return every_town(mod, effect)

    return applies


def install(cls) -> None:
    from .parser_modifiers import MORE_MODIFIERS

    MORE_MODIFIERS["price_every_town"] = _in_every_town(MORE_MODIFIERS["price_every_town"])
    install_rules(cls, Rbmarket)
    ability = cls.ability

    def ability_rbmarket(self, ch):
        out = ability(self, ch)
        if not any(type(s) is n.Trigger and type(s.effect) is n.FullProceeds
                   or type(s) is n.MayDo and type(s.effect) is n.SellFull
                   for s in out.sentences):
            return out
        new = dataclasses.replace(out, sentences=tuple(_bind(s) for s in out.sentences))
        for key, value in out.__dict__.items():  # what the rules kept on the instance
            if key not in new.__dict__ and key != "_nodes":
                object.__setattr__(new, key, value)
        n.ability_nodes(new)
        return new

    cls.ability = ability_rbmarket
    does = cls.subject_does

    def subject_does(self, ch):  # "Heroes sell Items for ...": the rule, whoever sells
        clause = _values(ch)[-1]
        if type(clause) in (n.SellFull, n.FullProceeds) or getattr(clause, "rbm_paid", False):
            return dataclasses.replace(clause, span=_sp(ch))
        return does(self, ch)

    cls.subject_does = subject_does
