"""The campaign's invariants (issue 14), checked after every step in tests and with --debug:
gold and XP never below 0; every card copy in exactly one place; the overlord's deck holds
the minimum when an adventure starts; each relic has one owner and no lieutenant carries two;
no Act I item is on the market after the Interlude's switch."""

from __future__ import annotations

from collections import Counter

from ..data import CampaignData
from .shop import interlude_done, is_act1


def problems(data: CampaignData, sheet: dict) -> list[str]:
    out = []
    if sheet["gold"] < 0:
        out.append(f"gold is {sheet['gold']}")
    heroes = [p for p in sheet["players"] if p["side"] == "heroes"]
    names = [p["name"] for p in sheet["players"]]
    if len(heroes) + 1 != len(names) or not heroes or len(set(names)) != len(names):
        out.append("the players are not one overlord and heroes with names of their own")
    for h in heroes:
        if not {"hero", "class", "skills", "items", "wounds", "fatigue", "conditions"} <= set(h):
            out.append(f"hero player {h['name']} lacks hero, class, skills or items")
            return out
    for key in ("next_adventure",):
        if sheet[key] is not None and sheet[key] not in data.adventures:
            out.append(f"{key} {sheet[key]!r} is not an adventure of the campaign")
    for p in sheet["played"]:
        if p["adventure"] not in data.adventures:
            out.append(f"played adventure {p['adventure']!r} is not of the campaign")
    for p in sheet["players"]:
        if p["xp"] < 0:
            out.append(f"{p['name']} has {p['xp']} XP")
    lord, shop = sheet["overlord"], sheet["shop"]
    items = [i for h in heroes for i in h.get("items", [])]
    unknown = sorted({c for c in items + shop["deck"] + shop["market"] + shop["act2"]
                      + shop["box"] + sum(lord.values(), []) + sheet["search"]["deck"]
                      + sheet["travel"]["deck"] + sheet["travel"]["discard"]
                      if c not in data.cards})
    if unknown:
        return out + [f"unknown cards on the sheet: {', '.join(unknown)}"]
    places = {
        "shop_item": shop["deck"] + shop["market"] + shop["act2"] + shop["box"] + items,
        "overlord_card": sum(lord.values(), []),
        "search_card": sheet["search"]["deck"],
        "travel_event": sheet["travel"]["deck"] + sheet["travel"]["discard"],
    }
    allowed = {"shop_item": {"shop_item", "starting_equipment"}}
    for kind, cards in places.items():
        stray = sorted({c for c in cards if data.cards[c]["kind"] not in allowed.get(kind, {kind})})
        if stray:
            out.append(f"cards in a {kind} place that are not of that kind: {', '.join(stray)}")
        have = Counter(c for c in cards if data.cards[c]["kind"] == kind)
        want = Counter(data.expanded(kind))
        if have != want:
            diff = sorted(set(have) ^ set(want) | {c for c in have if have[c] != want[c]})
            out.append(f"{kind} copies out of place: {', '.join(diff)}")
    gear = Counter(c for c in items + shop["box"]
                   if data.cards[c]["kind"] == "starting_equipment")
    for c, n in gear.items():
        if n > data.copies(data.cards[c]):
            out.append(f"starting equipment {c} is in {n} places")
    for h in heroes:
        for s in h.get("skills", []):
            card = data.cards.get(s)
            if card is None or card.get("class") != h.get("class"):
                out.append(f"{h['name']} has {s}, not a skill of class {h.get('class')}")
        if len(set(h.get("skills", []))) != len(h.get("skills", [])):
            out.append(f"{h['name']} has a skill twice")
    minimum = int(data.rule("overlord", "min_deck", default=15))
    if sheet["step"] == "adventure" and len(lord["deck"]) + len(lord["hand"]) < minimum:
        out.append(f"the overlord starts an adventure with {len(lord['deck'])} cards")
    ids = [r["id"] for r in sheet["relics"]]
    if len(ids) != len(set(ids)):
        out.append("a relic has two owners")
    hero_names = {h["name"] for h in heroes}
    for r in sheet["relics"]:
        if r["side"] == "heroes" and r["holder"] not in hero_names:
            out.append(f"relic {r['id']} is held by {r['holder']!r}, not a hero")
    carried = list(sheet["lieutenants"].values())
    overlords = {r["id"] for r in sheet["relics"] if r["side"] == "overlord"}
    if len(carried) != len(set(carried)) or not set(carried) <= overlords:
        out.append(f"lieutenants carry relics wrongly: {sheet['lieutenants']}")
    if interlude_done(sheet) and sheet["step"] in ("choose", "setup", "travel", "adventure",
                                                   "over"):
        stale = [c for c in shop["market"] + shop["deck"] if is_act1(data, c)]
        if stale:
            out.append(f"Act I items in the shop after the Interlude: {', '.join(stale)}")
    return out


def check(data: CampaignData, sheet: dict) -> None:
    found = problems(data, sheet)
    if found:
        raise AssertionError("campaign invariants broken: " + "; ".join(found))
