"""Selling (R30–R32, B5, R55) and trading (R33–R34, B9)."""

from __future__ import annotations

import math

from ..data import CampaignData
from .common import STEPS, advance, at_step, hero, refuse
from .shop import SHOP_STEPS, interlude_done, is_act1

TRADE_STEPS = STEPS[:7]  # B9: trading is open in steps 1-7, not during travel


def sale_value(data: CampaignData, card: dict) -> int:
    """Half the cost rounded down to a multiple of 25 (R30, B5: 25 sells for 0); starting
    equipment sells for a fixed price (R31). The numbers are the campaign's data."""
    if card.get("kind") == "starting_equipment":
        return int(data.rule("sell", "starting_equipment", default=25))
    step = int(data.rule("sell", "round_down_to", default=25))
    value = data.sell_fraction() * int(card.get("cost", 0))
    return math.floor(value / step) * step


def sell(data: CampaignData, sheet: dict, name: str, card_id: str) -> int:
    at_step(sheet, SHOP_STEPS, "selling")
    advance(sheet, "shop")
    p = hero(sheet, name)
    if any(r["id"] == card_id for r in sheet["relics"]) or (
            data.cards.get(card_id, {}).get("kind") == "relic"):
        refuse("R32", f"{card_id!r} is a relic; relics cannot be sold (R46)")
    if card_id not in p["items"]:
        refuse("R30", f"{name} has no {card_id!r} to sell (items: "
                      + (", ".join(p["items"]) or "none") + ")")
    card = data.cards[card_id]
    value = sale_value(data, card)
    p["items"].remove(card_id)
    sheet["gold"] += value
    if card.get("kind") == "starting_equipment":
        sheet["shop"]["box"].append(card_id)  # R32: sold starting equipment goes to the box
    elif interlude_done(sheet) and is_act1(data, card_id):
        sheet["shop"]["box"].append(card_id)  # R55: an Act I item sold later goes to the box
    elif not interlude_done(sheet) and not is_act1(data, card_id):
        sheet["shop"]["act2"].append(card_id)
    else:
        sheet["shop"]["deck"].append(card_id)  # R32: back into the shop deck
    return value


def trade(data: CampaignData, sheet: dict, card_id: str, giver: str, taker: str) -> None:
    at_step(sheet, TRADE_STEPS, "trading (R33, B9: steps 1-7, before the adventure)")
    a, b = hero(sheet, giver), hero(sheet, taker)
    held = next((r for r in sheet["relics"] if r["id"] == card_id and r["side"] == "heroes"),
                None)
    if held is not None:  # R47: the heroes' side of a relic is used like a shop item
        if held["holder"] != giver:
            refuse("R33", f"{giver} does not hold the relic {card_id!r} "
                          f"({held['holder']} does)")
        held["holder"] = taker
        return
    if card_id not in a["items"]:
        refuse("R33", f"{giver} has no {card_id!r} to give")
    kind = data.cards.get(card_id, {}).get("kind")
    if kind == "starting_equipment":
        refuse("R34", f"{card_id!r} is starting equipment; it cannot be traded (it can be sold)")
    if kind != "shop_item":
        refuse("R33", f"only shop items pass between heroes; {card_id!r} is a {kind}")
    a["items"].remove(card_id)
    b["items"].append(card_id)
