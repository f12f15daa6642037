"""Canonical English of branch rbmarket (issue 32, part III): "Items sell for their full
cost.", "This card sells for its full cost.", "you receive its full cost" (after a sale's
trigger), "Healing a wound costs 2 gold.", "Healing exhaustion costs 2 gold." Registered on
printer.text by :func:`install` (printer.py calls it; this module does not import it)."""

from __future__ import annotations

from . import nodes as n

SELL = {"item": "Items sell for their full cost", "this": "this card sells for its full cost"}
HEAL = {"wounds": "healing a wound costs {n} gold", "exhaustion": "healing exhaustion costs {n} gold"}


PRICES = {"free": "for free", "half": "for half its cost", "normal": "at its normal cost"}
KINDS = {"item": "an Item", "ally": "an Ally"}


def offer(node) -> str:
    """The offer: "draw the top card of the market deck; (if it is an Ally, )you may take it
    for free"."""
    head = "draw the top card of the market deck; "
    if node.kind != "any":
        head += f"if it is {KINDS[node.kind]}, "
    return f"{head}you may take it {PRICES[node.price]}"


def arrange(node) -> str:
    deck = {"any": "any adventure deck", "market": "the market deck"}.get(
        node.deck, f"the {node.deck} adventure deck")
    return f"rearrange the top {node.amount} cards of {deck} in any order"


def heal(node) -> str:
    if node.delta is None:
        return HEAL[node.token].format(n=node.price)
    what = "a wound" if node.token == "wounds" else "exhaustion"
    more = "more" if node.delta > 0 else "less"
    return f"healing {what} costs {abs(node.delta)} {more} gold"


def install(text) -> None:
    from .printer_core import THIRD

    THIRD.setdefault("rearrange", "rearranges")  # "Each Hero rearranges the top 2 cards ..."
    text.register(n.ArrangeDeck)(arrange)
    text.register(n.MarketOffer)(offer)
    text.register(n.SellFull)(lambda node: SELL[node.subject])
    text.register(n.FullProceeds)(lambda node: "you receive its full cost")
    text.register(n.HealPrice)(heal)
