"""Travel (R40–R45, B7, B8): from the campaign's home to the adventure's location along the
map's routes; one travel event drawn per symbol, resolved when it has an event for that
symbol, and always discarded (B7)."""

from __future__ import annotations

from collections import deque

from runeforge.engine.common.errors import BundleError

from ..data import CampaignData
from ..sheet.streams import draw
from . import effects
from .common import advance, at_step, refuse


def route(data: CampaignData, start: str, goal: str) -> list[str]:
    """The symbols of the shortest way (fewest routes) from ``start`` to ``goal`` (routes go
    both ways; there is no travel back in the campaign, R40, but a route has no direction)."""
    links: dict[str, list] = {}
    for r in sorted(data.map.get("routes", []), key=lambda r: (r["from"], r["to"])):
        links.setdefault(r["from"], []).append((r["to"], list(r.get("symbols", []))))
        links.setdefault(r["to"], []).append((r["from"], list(r.get("symbols", []))))
    seen = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for there, symbols in links.get(here, []):
            if there not in seen:
                seen[there] = seen[here] + symbols
                todo.append(there)
    raise BundleError(f"the campaign map has no route from {start!r} to {goal!r}")


def travel(data: CampaignData, sheet: dict, choose=None) -> list[dict]:
    """Step 8: the overlord draws his hand (``adventure.hand_per_hero`` cards per hero, R41), then the heroes go from
    home to the adventure. ``choose(options) -> index`` answers a choice event (R43).
    Returns the stops: symbol, card, whether it was resolved, what it did."""
    at_step(sheet, ("travel",), "travel")
    lord = sheet["overlord"]
    heroes = sum(1 for p in sheet["players"] if p["side"] == "heroes")
    minimum = int(data.rule("overlord", "min_deck", default=15))
    if len(lord["deck"]) < minimum:
        refuse("R23", f"the overlord's deck holds {len(lord['deck'])} cards; an adventure "
                      f"needs at least {minimum}")
    per = int(data.rule("adventure", "hand_per_hero", default=1))
    for _ in range(per * heroes):
        if lord["deck"]:
            lord["hand"].append(lord["deck"].pop(0))
    adventure = data.adventure(sheet["next_adventure"])
    symbols = route(data, data.rule("home"), adventure["location"])
    stops = []
    deck = sheet["travel"]
    for symbol in symbols:
        card_id = draw(deck["deck"], deck["discard"], sheet, "travel")
        if card_id is None:
            stops.append({"symbol": symbol, "card": None, "resolved": False})
            continue
        event = (data.cards[card_id].get("events") or {}).get(symbol)
        if isinstance(event, dict) and "effect" in event:
            event = event["effect"]  # a symbol's event is {effect: {...}} in the content
        stop = {"symbol": symbol, "card": card_id, "resolved": event is not None}
        if event is not None:
            stop["effect"] = effects.apply(sheet, event, choose)
        deck["discard"].append(card_id)  # B7: always discarded after its stop
        stops.append(stop)
    advance(sheet, "adventure")
    return stops
