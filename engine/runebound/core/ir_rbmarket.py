"""IR ops of branch rbmarket (issue 32): the market's prices of selling and healing as rules
(:mod:`.market_rbmarket`). Added to the schema by :func:`.ir.ir_schema`."""

from __future__ import annotations

SELL_SUBJECTS = ("item", "this")  # every Item the Hero sells / the card holding the rule
SELL_BASES = ("full",)  # its printed cost (instead of the ruleset's share)
HEAL_TOKENS = ("wounds", "exhaustion")
MARKET_RULE_OPS = ("sell_price", "heal_price")  # always-on, read by the market step only


def effect_ops(op, enum, count) -> list[dict]:
    """The schemas of the two rules, built with ir.py's helpers."""
    signed = {"type": "integer", "minimum": -count["maximum"], "maximum": count["maximum"]}
    heal = {"type": "object", "additionalProperties": False, "required": ["op", "token"],
            "properties": {"op": {"const": "heal_price"}, "token": enum(HEAL_TOKENS),
                           "price": count,  # "costs 2 gold": the price instead of the rules'
                           "delta": signed},  # "costs 1 more gold": added to the price
            "minProperties": 3}
    return [op("sell_price", subject=enum(SELL_SUBJECTS), basis=enum(SELL_BASES)), heal]

# "Draw the top card of the market deck; if it is an Ally, you may hire it for free": the card
# of that kind (``any``: whatever it is) the Hero may take at that price, else to the bottom
OFFER_KINDS = ("any", "item", "ally")
OFFER_PRICES = ("free", "half", "normal")  # half: its printed cost halved, rounded down


def offer_ops(op, enum) -> list[dict]:
    return [op("market_offer", kind=enum(OFFER_KINDS), price=enum(OFFER_PRICES))]

# "Look at the top 3 cards of any adventure deck and return them in any order": the deck (a
# colour's, ``any`` of the player's choice, or the market deck) and how many cards
ARRANGE_DECKS = ("green", "yellow", "blue", "red", "any", "market")


def arrange_ops(op, enum, count) -> list[dict]:
    return [op("arrange_deck", deck=enum(ARRANGE_DECKS), amount=count)]
