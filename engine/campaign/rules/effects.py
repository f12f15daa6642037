"""Structured effects of travel events, conditions and overlord cards (contract 2): gold from
the shared purse (never below 0), wounds, fatigue and conditions on each hero (carried into
the adventure, R44), overlord XP, adventure modifiers, and a choice made by the heroes
together (R43)."""

from __future__ import annotations

from .common import refuse

MODIFIERS = ("adventure_vigour", "hero_dice")


def choices_needed(effect: dict) -> int:
    return 1 if isinstance(effect, dict) and "choice" in effect else 0


def apply(sheet: dict, effect: dict, choose=None) -> dict:
    """Apply ``effect`` to the sheet; ``choose(options) -> index`` answers a ``choice``.
    Returns what was applied (the chosen branch for a choice)."""
    if "choice" in effect:
        options = list(effect["choice"])
        if choose is None:
            refuse("R43", "this event is a choice the heroes make together; none was given")
        index = choose(options)
        if not isinstance(index, int) or not 0 <= index < len(options):
            refuse("R43", f"choice {index!r} is not one of the {len(options)} options "
                          f"(0..{len(options) - 1})")
        rest = {k: v for k, v in effect.items() if k != "choice"}
        applied = apply(sheet, rest, choose) if rest else {}
        return {**applied, **apply(sheet, options[index], choose), "chosen": index}
    heroes = [p for p in sheet["players"] if p["side"] == "heroes"]
    if "gold" in effect:
        sheet["gold"] = max(0, sheet["gold"] + int(effect["gold"]))
    for key in ("wounds", "fatigue"):
        if key in effect:
            for h in heroes:
                h[key] = max(0, h.get(key, 0) + int(effect[key]))
    if "condition" in effect:
        for h in heroes:
            if effect["condition"] not in h.setdefault("conditions", []):
                h["conditions"].append(effect["condition"])
    if "overlord_xp" in effect:
        lord = next(p for p in sheet["players"] if p["side"] == "overlord")
        lord["xp"] = max(0, lord["xp"] + int(effect["overlord_xp"]))
    for key in MODIFIERS:
        if key in effect:
            sheet["effects"][key] = sheet["effects"].get(key, 0) + int(effect[key])
    return dict(effect)
