"""R58: the Finale's set-up from the campaign's history. The campaign document's
``finale_setup`` lists what changes in the Finale: an entry with ``relic`` acts when its
``side`` holds that relic, one with ``adventure`` when its ``side`` won that adventure (an
adventure not played counts as won by the overlord, R58). Each acting entry adds its
``effect`` (``adventure_vigour``, ``hero_dice``) to the sheet's adventure modifiers at the
Finale's set-up; they are carried into the adventure like travel's (runners/carry.py) and
cleared after it."""

from __future__ import annotations

from ..data import CampaignData


def acting(data: CampaignData, sheet: dict) -> list[dict]:
    """The ``finale_setup`` entries the campaign's history makes act, in the document's
    order."""
    won = {p["adventure"]: p["winner"] for p in sheet["played"]}
    held = {r["id"]: r["side"] for r in sheet["relics"]}
    out = []
    for entry in data.doc.get("finale_setup", []) or []:
        if "relic" in entry:
            if held.get(entry["relic"]) == entry["side"]:
                out.append(entry)
        elif won.get(entry["adventure"], "overlord") == entry["side"]:  # R58: unplayed
            out.append(entry)
    return out


def set_up(data: CampaignData, sheet: dict) -> list[dict]:
    """At the Finale's set-up: add the acting entries' effects to the adventure modifiers;
    returns the entries."""
    entries = acting(data, sheet)
    for entry in entries:
        for key, value in entry["effect"].items():
            sheet["effects"][key] = sheet["effects"].get(key, 0) + int(value)
    return entries
