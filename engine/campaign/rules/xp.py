"""Experience (R12–R21, B4): heroes buy skills from their class deck; the overlord buys cards
of the three upgrade classes by tier, and universal cards."""

from __future__ import annotations

from ..data import UPGRADE_CLASSES, CampaignData
from ..sheet.streams import shuffle
from .common import at_step, hero, refuse

XP_STEPS = ("xp",)


def late(data: CampaignData, sheet: dict) -> bool:
    """Whether the overlord may spend XP now outside step 4 (R59, the project's reading,
    original; ``overlord.late_xp`` in the campaign document): after travel to the Finale, XP
    he gained on the way (a travel event, his hand) would otherwise never be spent, since no
    campaign phase follows the Finale. A card bought then is shuffled into his deck."""
    return bool(data.rule("overlord", "late_xp", default=False)) and \
        sheet["act"] == "finale" and sheet["step"] == "adventure"


def skill_options(data: CampaignData, sheet: dict, name: str) -> list[str]:
    """The skills hero ``name`` could buy now (class deck, not owned, affordable)."""
    p = hero(sheet, name)
    return [c["id"] for c in sorted(data.kind("class_skill"), key=lambda c: c["id"])
            if c.get("class") == p.get("class") and c["id"] not in p["skills"]
            and int(c.get("xp", 0)) <= p["xp"]]


def buy_skill(data: CampaignData, sheet: dict, name: str, skill_id: str) -> None:
    at_step(sheet, XP_STEPS, "spending XP")
    p = hero(sheet, name)
    card = data.cards.get(skill_id)
    if card is None or card.get("kind") != "class_skill":
        refuse("R14", f"{skill_id!r} is not a class skill")
    if card.get("class") != p.get("class"):
        refuse("R14", f"{name} is a {p.get('class')}; {skill_id!r} is in the "
                      f"{card.get('class')} class deck, and a hero buys only from its own")
    if skill_id in p["skills"]:
        refuse("R14", f"{name} already has {skill_id!r}")
    cost = 0 if card.get("basic") else int(card.get("xp", 0))
    if cost > p["xp"]:
        refuse("R15", f"{skill_id!r} costs {cost} XP and {name} has {p['xp']} (XP is not "
                      "pooled or given, R13)")
    p["xp"] -= cost
    p["skills"].append(skill_id)


def owned(sheet: dict) -> list[str]:
    lord = sheet["overlord"]
    return lord["deck"] + lord["set_aside"] + lord["hand"] + lord["discard"] + lord["bought"]


def overlord_cost(data: CampaignData, card: dict) -> int:
    if card.get("class") == "universal" and "xp" not in card:
        return int(data.rule("overlord", "universal_xp", default=1))
    return int(card.get("xp", 0))


def prerequisite(data: CampaignData, sheet: dict, card: dict) -> str | None:
    """Why ``card`` cannot be bought now (the rule and the reason), or None (R18–R21, B4)."""
    cls, tier = card.get("class"), int(card.get("tier", 1) or 1)
    if cls == "basic":
        return "R17: basic cards are the overlord's from the start; they are not bought"
    if cls not in UPGRADE_CLASSES + ("universal",):
        return f"R18: unknown overlord class {cls!r}"
    mine = [data.cards[c] for c in owned(sheet) if c in data.cards]
    if not data.rule("overlord", "buy_twice", default=False) and card["id"] in owned(sheet):
        return f"B4: the overlord already has {card['id']!r} (buy_twice is off)"
    if cls == "universal" or tier == 1:
        return None  # R20, R21: always available
    if tier == 2:
        need = int(data.rule("overlord", "tier2_needs", default=2))
        have = sum(1 for c in mine if c.get("class") == cls and int(c.get("tier", 1) or 1) == 1)
        if have < need:
            return (f"R20: a tier II {cls} card needs {need} tier I {cls} cards in the deck; "
                    f"the overlord has {have}")
        return None
    need = int(data.rule("overlord", "tier3_needs", default=3))
    have = sum(1 for c in mine if c.get("class") == cls and int(c.get("tier", 1) or 1) in (1, 2))
    if have < need:
        return (f"R20: a tier III {cls} card needs {need} {cls} cards of tier I or II (B4: "
                f"tier III does not count); the overlord has {have}")
    return None


def overlord_options(data: CampaignData, sheet: dict) -> list[str]:
    lord = next(p for p in sheet["players"] if p["side"] == "overlord")
    out = []
    for cid in sorted(set(sheet["overlord"]["box"])):
        card = data.cards[cid]
        if prerequisite(data, sheet, card) is None and overlord_cost(data, card) <= lord["xp"]:
            out.append(cid)
    return out


def buy_overlord_card(data: CampaignData, sheet: dict, card_id: str) -> None:
    now_late = late(data, sheet)
    if not now_late:
        at_step(sheet, XP_STEPS, "spending XP")
    lord = next(p for p in sheet["players"] if p["side"] == "overlord")
    card = data.cards.get(card_id)
    if card is None or card.get("kind") != "overlord_card":
        refuse("R17", f"{card_id!r} is not an overlord card")
    why = prerequisite(data, sheet, card)
    if why:
        rule, _, text = why.partition(": ")
        refuse(rule, text)
    if card_id not in sheet["overlord"]["box"]:
        refuse("R17", f"no copy of {card_id!r} is left in the box")
    cost = overlord_cost(data, card)
    if cost > lord["xp"]:
        refuse("R19", f"{card_id!r} costs {cost} XP and the overlord has {lord['xp']}")
    lord["xp"] -= cost
    sheet["overlord"]["box"].remove(card_id)
    if now_late:  # R59 (original): set-up is over, so the card goes into his deck, shuffled
        sheet["overlord"]["deck"].append(card_id)
        shuffle(sheet, "overlord", sheet["overlord"]["deck"])
    else:
        sheet["overlord"]["bought"].append(card_id)
