"""IR ops of family 5/6 (issue 21): decks and cards, economy and experience. Added to the
schema by :func:`runeforge.engine.runebound.core.ir.ir_schema` (docs/effect-ir.md)."""

from __future__ import annotations

COLOURS = ("green", "yellow", "blue", "red")
# branch rbsix2: "draw another adventure card of the same colour": the colour of the card whose
# text says it, known to the game when it applies the grant (game/decks.py)
SAME_COLOUR = "same"
# the statistics of an Ally card, which the language can give an Ally placed from a card (the
# compiler's check RF431 insists on Life; a stat not given is 0, as on a card)
ALLY_STATS = ("life", "mind", "body", "spirit", "stamina", "ranged_damage", "melee_damage",
              "magic_damage")
GOLD_BASES = ("discarded", "this_card")  # "its cost" (the Item discarded), "this card's cost"

EFFECT_OPS = ("draw_adventure", "draw_market_keep", "return_to_deck", "place_ally",
              "gain_experience", "gain_gold_equal", "pay_you", "discard_item")
COST_OPS = ("discard_item",)


def effect_ops(op, amount, enum, count, target) -> list[dict]:
    """The schemas of the family's effect ops, built with ir.py's helpers."""
    stats = {"type": "object", "additionalProperties": False,
             "properties": {s: count for s in ALLY_STATS}}
    return [
        op("draw_adventure", colour=enum((*COLOURS, SAME_COLOUR))),
        op("draw_market_keep", amount=amount()),
        op("return_to_deck"),
        op("place_ally", stats=stats),
        op("gain_experience", amount=amount()),
        op("gain_gold_equal", basis=enum(GOLD_BASES)),
        op("pay_you", payer=target, amount=amount()),
        op("discard_item"),  # issue 32: "Discard an Item." as an effect
    ]


def cost_ops(op) -> list[dict]:
    return [op("discard_item")]
