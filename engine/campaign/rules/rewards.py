"""Recording an adventure and steps 1–3 of the campaign phase (R4–R6, B10, B12, R59–R60):
search gold into the purse, cleanup, XP for every player and the winner's reward."""

from __future__ import annotations

from collections import Counter

from ..data import SIDES, CampaignData
from ..sheet.streams import shuffle
from . import relics
from .common import advance, at_step, refuse
from .progress import next_act


def search_gold(data: CampaignData, sheet: dict, found) -> int:
    """Step 1 (R4, B10): the gold of every search card found, used or not, goes into the
    purse; the cards go back into their deck, shuffled."""
    counts = Counter(found)
    for card_id, n in counts.items():
        card = data.cards.get(card_id)
        if card is None or card.get("kind") != "search_card":
            refuse("R4", f"{card_id!r} is not a search card")
        if n > data.copies(card):
            refuse("R4", f"{n} copies of {card_id!r} found, but the deck holds "
                         f"{data.copies(card)}")
    gold = sum(int(data.cards[c].get("gold", 0)) for c in found)
    sheet["gold"] += gold
    shuffle(sheet, "search", sheet["search"]["deck"])
    return gold


def cleanup(sheet: dict) -> None:
    """Step 2 (R5, R23, R50): damage, fatigue and conditions go; the overlord's hand and
    discards, and the cards he set aside, go back into his deck; relics leave the
    lieutenants; the adventure's modifiers end."""
    for p in sheet["players"]:
        if p["side"] == "heroes":
            p["wounds"], p["fatigue"], p["conditions"] = 0, 0, []
    lord = sheet["overlord"]
    lord["deck"] += lord["hand"] + lord["discard"] + lord["set_aside"]
    lord["hand"], lord["discard"], lord["set_aside"] = [], [], []
    shuffle(sheet, "overlord", lord["deck"])
    sheet["lieutenants"] = {}
    sheet["effects"] = {k: 0 for k in sheet["effects"]}


def rewards(data: CampaignData, sheet: dict, adventure: dict, winner: str,
            relic_to: str | None = None) -> None:
    """Step 3 (R6): every player, the overlord too, gets the campaign's XP; the winner the
    adventure's reward (gold into the purse, XP, a relic, R46)."""
    each = int(data.rule("xp_per_adventure", default=1))
    reward = (adventure.get("reward") or {}).get(winner) or {}
    for p in sheet["players"]:
        p["xp"] += each
        if p["side"] == winner:
            p["xp"] += int(reward.get("xp", 0))
    if winner == "heroes":
        sheet["gold"] += int(reward.get("gold", 0))
    if reward.get("relic"):
        names = [p["name"] for p in sheet["players"] if p["side"] == "heroes"]
        holder = relic_to or names[0]
        if winner == "heroes" and holder not in names:
            refuse("R46", f"{holder!r} is not a hero; the relic goes to one of {names}")
        relics.award(data, sheet, reward["relic"], winner, holder)


def record(data: CampaignData, sheet: dict, adventure_id: str, winner: str, found=(),
           relic_to: str | None = None) -> None:
    """The adventure ``adventure_id`` ended with ``winner``: record it, then steps 1–3 (none
    after the Finale, R59; its winner wins the campaign, R60)."""
    at_step(sheet, ("adventure",), "recording an adventure")
    if winner not in SIDES:
        refuse("R60", f"the winner is 'heroes' or 'overlord', not {winner!r}")
    if adventure_id != sheet["next_adventure"]:
        refuse("R9", f"the adventure set up and travelled to is {sheet['next_adventure']!r}, "
                     f"not {adventure_id!r}")
    adventure = data.adventure(adventure_id)
    if relic_to is not None and not ((adventure.get("reward") or {}).get(winner) or {}).get(
            "relic"):
        refuse("R46", f"{adventure_id!r} gives the {winner} no relic, so no hero takes one "
                      f"(--relic-to {relic_to})")
    if relic_to is not None and winner != "heroes":
        refuse("R46", f"the overlord won {adventure_id!r}: his relic goes to his storage, "
                      f"not to a hero (--relic-to {relic_to})")
    sheet["played"].append({"adventure": adventure_id, "act": adventure["act"],
                            "winner": winner, "search": sorted(found)})
    sheet["next_adventure"] = None
    sheet["chooser"] = winner if data.rule("chooser", default="winner") == "winner" else None
    next_act(data, sheet, adventure["act"])
    if sheet["act"] == "over":
        sheet["step"] = "over"
        return
    sheet["step"] = "search"
    search_gold(data, sheet, list(found))
    advance(sheet, "cleanup")
    cleanup(sheet)
    advance(sheet, "rewards")
    rewards(data, sheet, adventure, winner, relic_to)
    advance(sheet, "xp")
