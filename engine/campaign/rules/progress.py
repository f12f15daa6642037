"""Progress through the nine adventures (R35–R39, R51–R60, B1, B2, B6, B11, B12): which
adventures are available, who chooses, the Interlude's and the Finale's side, the winner."""

from __future__ import annotations

from ..data import CampaignData
from . import shop
from .common import advance, at_step, refuse

CHOOSE_STEPS = ("xp", "shop", "choose")


def winners(sheet: dict, act: str) -> dict[str, str]:
    return {p["adventure"]: p["winner"] for p in sheet["played"] if p["act"] == act}


def majority(sheet: dict, act: str, count: int) -> str:
    """Heroes if they won more than half of ``count`` adventures of ``act`` (R51–R52: at
    least two of three; B2: the Act II adventures played), else the overlord."""
    won = sum(1 for w in winners(sheet, act).values() if w == "heroes")
    return "heroes" if 2 * won > count else "overlord"


def available(data: CampaignData, sheet: dict) -> list[str]:
    """The adventures the chooser may pick now, in the campaign's order (R35–R39, B11)."""
    act = sheet["act"]
    played = {p["adventure"] for p in sheet["played"]}
    if act == "over":
        return []
    if act in ("interlude", "finale"):
        side = sheet["interlude_side"] if act == "interlude" else sheet["finale_side"]
        return [a["id"] for a in data.of_act(act, side) if a["id"] not in played]
    if act == "act2":
        first = winners(sheet, "act1")
        # R39: the winner of each Act I adventure opens one of its two branches; an Act I
        # adventure not played counts as an overlord win
        pool = [a["branches"].get(first.get(a["id"], "overlord")) for a in data.of_act("act1")]
        return [a["id"] for a in data.of_act("act2") if a["id"] in pool and a["id"] not in played]
    return [a["id"] for a in data.of_act(act) if a["id"] not in played]


def why_not(data: CampaignData, sheet: dict, adventure_id: str) -> tuple[str, str]:
    """The rule that refuses ``adventure_id`` now, and why."""
    if adventure_id not in data.adventures:
        return "R37", f"{adventure_id!r} is not an adventure of campaign {data.id!r}"
    act = data.adventures[adventure_id]["act"]
    if any(p["adventure"] == adventure_id for p in sheet["played"]):
        return "B11", f"{adventure_id!r} was played already; an adventure is played once"
    if act != sheet["act"]:
        if act == "act1" and sheet["act"] in ("interlude", "act2", "finale", "over"):
            return "R37", (f"{adventure_id!r} would be Act I adventure number "
                           f"{data.act_count('act1') + 1}; a campaign plays "
                           f"{data.act_count('act1')} (now: {sheet['act']})")
        return "R35", (f"{adventure_id!r} belongs to {act}; only adventures of the current act "
                       f"({sheet['act']}) are offered")
    if act == "act2":
        return "R39", (f"{adventure_id!r} is not a branch opened by the Act I winners "
                       "(an unplayed Act I adventure counts as an overlord win)")
    if act == "interlude":
        return "R52", f"{adventure_id!r} is the other side's Interlude"
    if act == "finale":
        return "R57", f"{adventure_id!r} is the other side's Finale"
    return "R35", f"{adventure_id!r} is not available now"


def choose(data: CampaignData, sheet: dict, adventure_id: str, side: str | None = None) -> None:
    """Step 6: the winning side picks the next adventure (R9, B1). Shopping ends first: the
    shop opens after every adventure (R26; after the Interlude it makes the Act II switch,
    R55) and its unbought cards go back (R28)."""
    at_step(sheet, CHOOSE_STEPS, "choosing the next adventure")
    if side is not None and sheet["chooser"] not in (None, side):
        refuse("R9", f"the {sheet['chooser']} won the last adventure and choose the next one, "
                     f"not the {side}")
    if adventure_id not in available(data, sheet):
        rule, why = why_not(data, sheet, adventure_id)
        refuse(rule, why)
    if sheet["step"] == "xp":
        shop.reveal(data, sheet)
    if sheet["step"] == "shop":
        shop.close(data, sheet)
    sheet["next_adventure"] = adventure_id
    advance(sheet, "setup")


def next_act(data: CampaignData, sheet: dict, act: str) -> None:
    """After an adventure of ``act``: the act of the next one, and the Interlude's and
    Finale's side when they are decided (R37, R51–R52, R56–R57, R60)."""
    done = len(winners(sheet, act))
    if act == "introduction":
        sheet["act"] = "act1"
    elif act == "act1" and done >= data.act_count("act1"):
        sheet["act"] = "interlude"
        sheet["interlude_side"] = majority(sheet, "act1", data.act_count("act1"))
    elif act == "interlude":
        sheet["act"] = "act2"
    elif act == "act2" and done >= data.act_count("act2"):
        sheet["act"] = "finale"
        sheet["finale_side"] = majority(sheet, "act2", done)
    elif act == "finale":
        sheet["act"] = "over"
        sheet["winner"] = next(iter(winners(sheet, "finale").values()))
