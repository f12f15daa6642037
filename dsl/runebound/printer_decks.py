"""Canonical English of family 5/6 (issue 21): decks and cards, economy and experience.
:func:`install` registers the printers on :func:`runeforge.dsl.runebound.printer.text` (printer.py calls
it; this module does not import printer.py, so there is no import cycle)."""

from __future__ import annotations

from . import nodes as n

ALLY_STAT_NAMES = {"life": "Life", "mind": "Mind", "body": "Body", "spirit": "Spirit",
                   "stamina": "Stamina", "ranged_damage": "ranged damage",
                   "melee_damage": "melee damage", "magic_damage": "magic damage"}
GOLD_BASIS = {"discarded": "its cost", "this_card": "this card's cost"}


def listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]


def install(text, amount, noun, targets) -> None:
    """Register the family's nodes on the printer's ``text`` with its helpers."""

    @text.register
    def _(node: n.DrawAdventure) -> str:
        return f"draw a {node.colour} adventure card and resolve it"

    @text.register
    def _(node: n.DrawMarketKeep) -> str:
        return f"draw {noun(node.amount, 'market card', 'market cards')} and keep one"

    @text.register
    def _(node: n.KeepOne) -> str:
        return "keep one"

    @text.register
    def _(node: n.ReturnToDeck) -> str:
        return "return this card to the bottom of its deck"

    @text.register
    def _(node: n.PlaceAlly) -> str:
        stats = listed([f"{ALLY_STAT_NAMES[s]} {v}" for s, v in node.stats])
        return f"place this card in front of you as an Ally with {stats}"

    @text.register
    def _(node: n.DiscardItem) -> str:
        return "discard an Item"

    @text.register
    def _(node: n.GainExperience) -> str:
        return f"gain {amount(node.amount)} experience"

    @text.register
    def _(node: n.GainGoldEqual) -> str:
        return f"gain gold equal to {GOLD_BASIS[node.basis]}"

    @text.register
    def _(node: n.PaysYou) -> str:
        return f"{targets[node.payer]} pays you {amount(node.amount)} gold"
