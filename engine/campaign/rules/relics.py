"""Relics (R46–R50): adventure rewards, never bought or sold; the overlord side goes on a
lieutenant of the adventure at set-up, at most one each, or stays in storage."""

from __future__ import annotations

from ..data import CampaignData
from .common import refuse


def award(data: CampaignData, sheet: dict, relic_id: str, side: str, holder: str | None) -> None:
    if data.cards.get(relic_id, {}).get("kind") != "relic":
        refuse("R46", f"{relic_id!r} is not a relic")
    if any(r["id"] == relic_id for r in sheet["relics"]):
        return  # R46: each relic is unique; a second award of it gives nothing
    sheet["relics"].append({"id": relic_id, "side": side,
                            "holder": holder if side == "heroes" else None})


def assign(data: CampaignData, sheet: dict, assignments: dict) -> None:
    """The overlord gives relics to the next adventure's lieutenants (R48–R49):
    ``{lieutenant: relic}``."""
    adventure = data.adventure(sheet["next_adventure"])
    lieutenants = list(adventure.get("lieutenants", []) or [])
    mine = {r["id"] for r in sheet["relics"] if r["side"] == "overlord"}
    used = set()
    for lieutenant, relic in assignments.items():
        if not lieutenants:
            refuse("R48", f"adventure {adventure['id']!r} has no lieutenants; the overlord "
                          "cannot use relics in it")
        if lieutenant not in lieutenants:
            refuse("R48", f"{lieutenant!r} is not a lieutenant of {adventure['id']!r} "
                          f"({', '.join(lieutenants)})")
        if relic not in mine:
            refuse("R47", f"the overlord holds no relic {relic!r} (his: "
                          + (", ".join(sorted(mine)) or "none") + ")")
        if relic in used:
            refuse("R48", f"relic {relic!r} is given to two lieutenants")
        used.add(relic)
    sheet["lieutenants"] = dict(sorted(assignments.items()))


def options(data: CampaignData, sheet: dict) -> list[list[str]]:
    adventure = data.adventure(sheet["next_adventure"])
    mine = sorted(r["id"] for r in sheet["relics"] if r["side"] == "overlord")
    return [[lt, r] for lt in adventure.get("lieutenants", []) or [] for r in mine]
