"""Lowering of branch rbmarket (issue 32, part III): "Items sell for their full cost." is the
always-on IR rule ``sell_price`` (``subject`` ``item``; "this card": ``this``; the proceeds
said in a sale's trigger: the card sold), "Healing a wound costs 2 gold." ``heal_price``
(engine/runebound/core/market_rbmarket.py: the market step reads both)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

STANDING = (n.SellFull, n.HealPrice)  # always on, as a price is


def register(effect) -> None:
    effect.register(n.SellFull)(
        lambda node: [{"op": "sell_price", "subject": node.subject, "basis": "full"}])
    # an unbound "you receive its full cost" is refused at check (RF570) before lowering
    effect.register(n.FullProceeds)(
        lambda node: [{"op": "sell_price", "subject": node.subject or "this", "basis": "full"}])
    effect.register(n.MarketOffer)(
        lambda node: [{"op": "market_offer", "kind": node.kind, "price": node.price}])
    effect.register(n.ArrangeDeck)(
        lambda node: [{"op": "arrange_deck", "deck": node.deck, "amount": node.amount}])
    effect.register(n.HealPrice)(
        lambda node: [{"op": "heal_price", "token": node.token,
                       **({"price": node.price} if node.delta is None else
                          {"delta": node.delta})}])
