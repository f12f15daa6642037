"""Canonical English of branch rbsix2 (parser_rbsix2.py), registered on
:func:`runeforge.dsl.runebound.printer.text` by :func:`install` (printer.py calls it).

"Draw another adventure card of the same colour and resolve it." is the canonical form of
"draw another / a new adventure card (of the same colour)" (the colour ``same``).
"""

from __future__ import annotations

from . import nodes as n
from .parser_rbsix2 import SAME

SAME_TEXT = "draw another adventure card of the same colour and resolve it"


def round_unhurt_text(count: int) -> str:
    """The condition ``round_unhurt``: the enemy took fewer than ``count`` wounds this round."""
    wounds = "wound" if count == 1 else "wounds"
    return f"you did not inflict at least {count} {wounds} on your enemy this round"


def install(text) -> None:
    drawn = text.dispatch(n.DrawAdventure)

    @text.register
    def _(node: n.DrawAdventure) -> str:
        return SAME_TEXT if node.colour == SAME else drawn(node)


__all__ = ["SAME_TEXT", "install", "round_unhurt_text"]
