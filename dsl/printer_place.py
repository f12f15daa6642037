"""Canonical English of families 4 (movement and place), 8 (durations) and 9 (game-level
effects).

Registered on :func:`runeforge.dsl.printer.text`; imported once at the end of printer.py.
"""

from __future__ import annotations

from . import nodes_place as p
from .printer import DURATIONS, text

DURATIONS.update({  # family 8
    "next_event": "until the next event",
    "end_of_next_turn": "until the end of your next turn",
    "while_held": "until this card is discarded",
})


@text.register
def _(node: p.MoveTo) -> str:
    return f"move your Hero to {node.town or 'the nearest town'}"


@text.register
def _(node: p.DoomTokens) -> str:
    tokens = "doom token" if node.count == 1 else "doom tokens"
    if node.action == "place":
        return f"place {node.count} {tokens} on the doom track"
    return f"remove {node.count} {tokens} from the doom track"


@text.register
def _(node: p.DiscardEvent) -> str:
    return "discard the event in play"
