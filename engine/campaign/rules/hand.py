"""The overlord's hand played on the sheet (R41) before an adventure the bots play.

The hand is drawn at travel (step 8). What its cards do inside the adventure (adversary vigour,
hero dice, wounds and fatigue on each hero) is carried in by the runner
(:mod:`..runners.carry`); what they do to the sheet is played here, once, at the adventure's
start: gold from the purse (never below 0), overlord XP, a condition on each hero (which then
acts in the adventure like any condition), and a card with a choice, which the heroes make
together (R43) and whose chosen branch is applied like a travel event's. At a table the
overlord plays his own cards, so the manual runner never calls this.
"""

from __future__ import annotations

from ..data import CampaignData
from . import effects
from .common import at_step

SHEET_KEYS = ("gold", "overlord_xp", "condition")


def play(data: CampaignData, sheet: dict, choose=None) -> list[dict]:
    """Apply the sheet's part of every card in the overlord's hand; ``choose(options) ->
    index`` answers a choice (R43). Returns ``[{card, effect}]`` for the cards that did
    something to the sheet."""
    at_step(sheet, ("adventure",), "playing the overlord's hand")
    played = []
    for card_id in sheet["overlord"]["hand"]:
        effect = (data.cards.get(card_id) or {}).get("effect") or {}
        if "choice" not in effect:
            effect = {k: v for k, v in effect.items() if k in SHEET_KEYS}
        if effect:
            played.append({"card": card_id, "effect": effects.apply(sheet, effect, choose)})
    return played
