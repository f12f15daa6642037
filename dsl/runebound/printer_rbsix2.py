"""Canonical English of branch rbsix2 (parser_rbsix2.py), registered on
:func:`runeforge.dsl.runebound.printer.text` by :func:`install` (printer.py calls it).

"Draw another adventure card of the same colour and resolve it." is the canonical form of
"draw another / a new adventure card (of the same colour)" (the colour ``same``).
"""

from __future__ import annotations

from . import nodes as n
from .nodes_board import ForEachOnTrack
from .parser_rbsix2 import SAME
from .printer_board import TRACK_WORDS

SAME_TEXT = "draw another adventure card of the same colour and resolve it"


def round_unhurt_text(count: int) -> str:
    """The condition ``round_unhurt``: the enemy took fewer than ``count`` wounds this round."""
    wounds = "wound" if count == 1 else "wounds"
    return f"you did not inflict at least {count} {wounds} on your enemy this round"


def _plus_track(before, node) -> bool:
    return isinstance(before, n.GainGold) and isinstance(node, ForEachOnTrack) \
        and isinstance(node.effect, n.GainGold)


def install(text, amount) -> None:
    drawn = text.dispatch(n.DrawAdventure)
    joined = text.dispatch(n.And)

    @text.register
    def _(node: n.And) -> str:
        """"gain 3 gold, plus 1 gold for each card on the doom track" (the count is the second
        gold's only: said with "and gain", a count at the end would count both)."""
        items = node.items
        if not any(_plus_track(a, b) for a, b in zip(items, items[1:], strict=False)):
            return joined(node)
        out = text(items[0])
        for before, item in zip(items, items[1:], strict=False):
            if _plus_track(before, item):
                most = "" if item.most is None else f", to a maximum of {item.most}"
                out += (f", plus {amount(item.effect.amount)} gold for each card on "
                        f"{TRACK_WORDS[item.track]}{most}")
            else:
                out += f" and {text(item)}"
        return out

    @text.register
    def _(node: n.DrawAdventure) -> str:
        return SAME_TEXT if node.colour == SAME else drawn(node)


__all__ = ["SAME_TEXT", "install", "round_unhurt_text"]
