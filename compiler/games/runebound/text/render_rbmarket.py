"""Localised text of branch rbmarket (issue 32, part III): the market's prices of selling and
healing ("Items sell for their full cost", "healing a wound costs 2 gold"). :func:`install`
is called at the end of render.py (this module does not import render.py)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .terms import Counted, category


def _sellfull(self, node: n.SellFull, mood: str) -> str:
    return self.t(f"effect.sell_full.{node.subject}")


def _fullproceeds(self, node: n.FullProceeds, mood: str) -> str:
    return self.t("effect.full_proceeds")


def _healprice(self, node: n.HealPrice, mood: str) -> str:
    count = node.price if node.delta is None else abs(node.delta)
    gold = Counted((self.term("terms", "gold"),), category(self.locale, count))
    key = f"effect.heal_price.{node.token}"
    if node.delta is not None:
        key += ".more" if node.delta > 0 else ".less"
    return self.t(key, n=self.num(count), gold=gold)


def _marketoffer(self, node: n.MarketOffer, mood: str) -> str:
    price = self.t(f"effect.market_offer.price.{node.price}")
    return self.verb(f"effect.market_offer.{node.kind}", mood, price=price)


def _arrangedeck(self, node: n.ArrangeDeck, mood: str, prefix: str = "effect") -> str:
    deck = node.deck if node.deck in ("any", "market") else "colour"
    colour = (self.terms.find("colours", node.deck) or node.deck) if deck == "colour" else ""
    key, slots = f"{prefix}.arrange_deck.{deck}", {"n": self.num(node.amount), "colour": colour}
    return self.verb(key, mood, **slots) if prefix == "effect" else self.t(key, **slots)


def install(renderer_cls) -> None:
    from . import render_core

    core_third = render_core._third

    def third(self, node) -> str:  # "Each Hero rearranges the top 2 cards ..."
        if isinstance(node, n.ArrangeDeck):
            return _arrangedeck(self, node, "imp", "each")
        return core_third(self, node)

    render_core._third = third
    renderer_cls._arrangedeck = _arrangedeck
    renderer_cls._marketoffer = _marketoffer
    renderer_cls._sellfull = _sellfull
    renderer_cls._fullproceeds = _fullproceeds
    renderer_cls._healprice = _healprice


# the English of each rule (templates.py adds them to its messages); the clauses with a verb
# in the three moods (imperative, after 'you may', after a cost's 'to') are VERBS
TEMPLATES = {
    "effect.sell_full.item": "Items sell for their full cost",
    "effect.sell_full.this": "this card sells for its full cost",
    "effect.full_proceeds": "you receive its full cost",
    "effect.heal_price.wounds": "healing a wound costs {n} {gold}",
    "effect.heal_price.exhaustion": "healing exhaustion costs {n} {gold}",
    "effect.heal_price.wounds.more": "healing a wound costs {n} more {gold}",
    "effect.heal_price.wounds.less": "healing a wound costs {n} less {gold}",
    "each.arrange_deck.any": "rearranges the top {n} cards of any adventure deck in any order",
    "each.arrange_deck.colour": "rearranges the top {n} cards of the {colour} adventure deck in any order",
    "each.arrange_deck.market": "rearranges the top {n} cards of the market deck in any order",
    "effect.market_offer.price.free": "for free",
    "effect.market_offer.price.half": "for half its cost",
    "effect.market_offer.price.normal": "at its normal cost",
}
VERBS = {
    "effect.market_offer.any": "draw the top card of the market deck; you may take it {price}",
    "effect.market_offer.item": "draw the top card of the market deck; if it is an Item, you may take it {price}",
    "effect.market_offer.ally": "draw the top card of the market deck; if it is an Ally, you may take it {price}",
    "effect.arrange_deck.any": "rearrange the top {n} cards of any adventure deck in any order",
    "effect.arrange_deck.colour": "rearrange the top {n} cards of the {colour} adventure deck in any order",
    "effect.arrange_deck.market": "rearrange the top {n} cards of the market deck in any order",
}
