"""What every rule module shares: the refusal that names its rule, and the step gate (R3)."""

from __future__ import annotations

from runeforge.engine.common.errors import IllegalAction

from ..sheet.state import STEPS


class CampaignIllegal(IllegalAction):
    """An action the campaign rules refuse; ``rule`` is its number (R29, B4 …)."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


def refuse(rule: str, message: str):
    raise CampaignIllegal(rule, message)


def at_step(sheet: dict, allowed, action: str) -> None:
    """Refuse ``action`` unless the sheet is at one of the ``allowed`` steps (R3: the eight
    steps come in order; a later step may not be undone)."""
    if sheet["step"] not in allowed:
        if sheet["step"] == "over":
            refuse("R60", f"the campaign is over ({sheet['winner']} won); no {action}")
        refuse("R3", f"{action} belongs to step {'/'.join(allowed)}, but the campaign is at "
                     f"step {sheet['step']} (the campaign phase's steps come in order: "
                     + ", ".join(STEPS[:8]) + ")")


def advance(sheet: dict, step: str) -> None:
    if STEPS.index(step) > STEPS.index(sheet["step"]):
        sheet["step"] = step


def seated(data, heroes: int) -> None:
    """B13 (original): a campaign is played by at least the campaign document's
    ``min_heroes`` heroes (one hero cannot hold a shared purse, trade or vote, R24, R33,
    R43); fewer are refused when it starts."""
    least = int(data.rule("min_heroes", default=1) or 1)
    if heroes < least:
        refuse("B13", f"this campaign is played by at least {least} heroes, not {heroes} "
                      "(min_heroes in the campaign document)")


def hero(sheet: dict, name: str) -> dict:
    for p in sheet["players"]:
        if p["name"] == name and p["side"] == "heroes":
            return p
    names = ", ".join(p["name"] for p in sheet["players"] if p["side"] == "heroes")
    refuse("R24", f"{name!r} is not a hero player of this campaign (heroes: {names})")
