"""Lowering of family 5/6 (issue 21): decks and cards, economy and experience.
:func:`install` registers on :func:`runeforge.games.runebound.lower.effect` (lower.py calls it; this module does
not import lower.py, so there is no import cycle); :func:`cost` lowers ``discard an Item``."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def install(effect, amount) -> None:
    """Register the family's nodes on lower.py's ``effect`` with its ``amount``."""

    @effect.register
    def _(node: n.DrawAdventure) -> list[dict]:
        return [{"op": "draw_adventure", "colour": node.colour}]

    @effect.register
    def _(node: n.DrawMarketKeep) -> list[dict]:
        return [{"op": "draw_market_keep", "amount": amount(node.amount)}]

    @effect.register
    def _(node: n.ReturnToDeck) -> list[dict]:
        return [{"op": "return_to_deck"}]

    @effect.register
    def _(node: n.PlaceAlly) -> list[dict]:
        return [{"op": "place_ally", "stats": dict(node.stats)}]

    @effect.register
    def _(node: n.GainExperience) -> list[dict]:
        return [{"op": "gain_experience", "amount": amount(node.amount)}]

    @effect.register
    def _(node: n.GainGoldEqual) -> list[dict]:
        return [{"op": "gain_gold_equal", "basis": node.basis}]

    @effect.register
    def _(node: n.DiscardItem) -> list[dict]:  # issue 32: "Discard an Item." as an effect
        return [{"op": "discard_item"}]

    @effect.register
    def _(node: n.PaysYou) -> list[dict]:
        return [{"op": "pay_you", "payer": node.payer, "amount": amount(node.amount)}]


def cost(c) -> dict | None:
    """The IR of a cost of this family, or None."""
    if isinstance(c, n.DiscardItem):
        return {"op": "discard_item"}
    return None
