"""The exploration deck in a hero's ability (issue 32, session delve11): "Look at the top
card of the exploration deck. You may put it on the bottom of the exploration deck." (IR
``scout``, ``bury``: absent, "may" or "must").

The hero's player sees the top card (the ability's log record names it); for "may" the
player then chooses (a ``delve.effect`` decision, its one option ``{"bury": true}``; None
leaves the card on top), for "must" it goes. A card put on the bottom is drawn last (R10a: the
next Explore reveals the new top card). An empty deck shows nothing."""

from __future__ import annotations

from .choose import ask


def run(game, owner, name, e, turn, ctx, choice) -> dict:
    deck = game.state.deck
    if not deck:
        return {"op": "scout", "card": None, "buried": False}
    card, bury = deck[0], e.get("bury")
    if bury == "may":
        bury = (choice or {}).get("bury") or ask(game, owner, [{"bury": True}], "bury")
    if bury and len(deck) > 1:
        deck.append(deck.pop(0))
    return {"op": "scout", "card": card, "buried": bool(bury)}
