"""Canonical English of the board's adventure counters (issue 32, branch rbboard), registered
on :func:`runeforge.dsl.runebound.printer.text` by :func:`install` (printer.py calls it):
"place a blue adventure counter on each empty blue gem space", "... on an empty red gem space
within 2 spaces of your Hero", "remove the (green) adventure counter from your space".
"""

from __future__ import annotations

from .nodes_board import (
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    GemSpaces,
    PlaceCounter,
    RemoveCounter,
)

MARKET_KINDS = {"ally": "Ally", "item": "Item", "card": "market card"}
TRACK_WORDS = {"doom": "the doom track", "undefeated": "the undefeated track"}


def gems(node: GemSpaces) -> str:
    out = f"{'each' if node.each else 'an'} empty {node.colour} gem space"
    if node.within is not None:
        out += f" within {node.within} space{'s' if node.within != 1 else ''} of your Hero"
    return out


def install(text, noun, is_singular) -> None:
    """``noun`` and ``is_singular`` are printer.py's (handed over: no import back)."""
    @text.register
    def _(node: PlaceCounter) -> str:
        return f"place a {node.colour} adventure counter on {gems(node.on)}"

    @text.register
    def _(node: RemoveCounter) -> str:
        colour = f"{node.colour} " if node.colour else ""
        return f"remove the {colour}adventure counter from your space"

    @text.register
    def _(node: ForEachOnTrack) -> str:
        most = "" if node.most is None else f", to a maximum of {node.most}"
        return f"{text(node.effect)} for each card on {TRACK_WORDS[node.track]}{most}"

    @text.register
    def _(node: AddToTrack) -> str:
        return (f"add the top card of the {node.colour} adventure deck to "
                f"{TRACK_WORDS[node.track]}")

    @text.register
    def _(node: DiscardFromTrack) -> str:
        cards = "card" if node.count == 1 else "cards"
        return f"discard {node.count} {cards} from {TRACK_WORDS[node.track]}"

    @text.register
    def _(node: DiscardFromMarket) -> str:
        return f"discard every {MARKET_KINDS[node.kind]} from each market stack"

    @text.register
    def _(node: DrawMarketTo) -> str:
        them = "it" if is_singular(node.amount) else "them"
        return (f"draw {noun(node.amount, 'market card', 'market cards')} and add {them} to "
                "the market stack of the nearest town")
