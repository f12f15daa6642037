"""The shop (R24–R29, R55, B6): one purse; heroes + 1 cards revealed; buy what the purse pays
for, each item to the hero it was bought for; unbought cards shuffled back. After the
Interlude the Act I cards left are all revealed once, then go to the box (R55)."""

from __future__ import annotations

from ..data import CampaignData
from ..sheet.streams import shuffle
from .common import advance, at_step, hero, refuse

SHOP_STEPS = ("xp", "shop")


def interlude_done(sheet: dict) -> bool:
    return any(p["act"] == "interlude" for p in sheet["played"])


def is_act1(data: CampaignData, card_id: str) -> bool:
    return int(data.cards[card_id].get("act", 1)) == 1


def reveal(data: CampaignData, sheet: dict) -> list[str]:
    """Open the shop (step 5): shuffle and reveal one card per hero plus the extra cards
    (R26). After the Interlude, first the Act II switch (R55): the Act I cards left are
    revealed with them, and the shop deck becomes the Act II cards."""
    at_step(sheet, SHOP_STEPS, "shopping")
    advance(sheet, "shop")
    shop = sheet["shop"]
    if shop["market"]:
        return shop["market"]
    if interlude_done(sheet) and shop["act2"]:
        shop["market"].extend(sorted(shop["deck"]))
        shop["deck"] = shop["act2"]
        shop["act2"] = []
    shuffle(sheet, "shop", shop["deck"])
    count = sum(1 for p in sheet["players"] if p["side"] == "heroes")
    count += int(data.rule("shop", "extra_cards", default=1))
    for _ in range(min(count, len(shop["deck"]))):
        shop["market"].append(shop["deck"].pop(0))
    return shop["market"]


def buy(data: CampaignData, sheet: dict, purchases) -> int:
    """Buy ``[(card id, hero name)]`` from the revealed cards, in order; the whole purchase is
    refused when one is not allowed (the caller works on a copy). Returns the gold spent."""
    reveal(data, sheet)
    spent = 0
    for card_id, name in purchases:
        p = hero(sheet, name)
        if card_id not in sheet["shop"]["market"]:
            refuse("R28", f"{card_id!r} is not among the revealed cards ("
                          + ", ".join(sheet["shop"]["market"]) + ")")
        cost = int(data.cards[card_id].get("cost", 0))
        if cost > sheet["gold"]:
            refuse("R28", f"{card_id!r} costs {cost} gold and the purse holds {sheet['gold']} "
                          "(R24: one shared purse; it never goes below 0)")
        sheet["gold"] -= cost
        spent += cost
        sheet["shop"]["market"].remove(card_id)
        p["items"].append(card_id)
    return spent


def close(data: CampaignData, sheet: dict) -> None:
    """End shopping: unbought cards go back and the deck is shuffled (R28); after the
    Interlude an unbought Act I card goes to the box (R55)."""
    shop = sheet["shop"]
    for card_id in shop["market"]:
        if interlude_done(sheet) and is_act1(data, card_id):
            shop["box"].append(card_id)
        else:
            shop["deck"].append(card_id)
    shop["market"] = []
    shuffle(sheet, "shop", shop["deck"])


def options(data: CampaignData, sheet: dict) -> list[list[str]]:
    """Every (card, hero) purchase the purse pays for now."""
    names = [p["name"] for p in sheet["players"] if p["side"] == "heroes"]
    return [[c, n] for c in sorted(set(sheet["shop"]["market"]))
            if int(data.cards[c].get("cost", 0)) <= sheet["gold"] for n in names]
