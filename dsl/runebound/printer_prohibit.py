"""Printer of the prohibitions of session rbrules (issue 32): each Restrict action's one
canonical sentence ("Heroes cannot rest", "you cannot attack other Heroes", "Items cannot be
sold"); the others stay the earlier printers'."""

from __future__ import annotations

from . import nodes as n

SENTENCES = {
    "rest": "Heroes cannot rest",
    "own_rest": "you cannot rest",
    "attack_heroes": "Heroes cannot attack other Heroes",
    "own_attack_heroes": "you cannot attack other Heroes",
    "heal_in_town": "Heroes cannot be healed in towns",
    "own_heal_in_town": "you cannot be healed in towns",
    "sell_items": "Items cannot be sold",
    "own_sell_items": "you cannot sell Items",
    "own_buy_items": "you cannot buy Items",  # session prohib
    "own_buy_allies": "you cannot buy Allies",
    "this_sell_items": "this Item cannot be sold",
    "activate_items": "Items cannot be activated",
    "activate_items_in_combat": "Items cannot be activated during this combat",
}


def install(text) -> None:
    restrict = text.dispatch(n.Restrict)
    costs = text.dispatch(n.CostModifier)

    @text.register
    def _(node: n.Restrict) -> str:
        return SENTENCES.get(node.action) or restrict(node)

    @text.register
    def _(node: n.CostModifier) -> str:
        said = costs(node)
        return said if node.minimum is None else f"{said} (to a minimum of {node.minimum} gold)"
