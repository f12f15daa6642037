"""A whole campaign: from any step of a sheet to the Finale's winner (R60)."""

from __future__ import annotations

from ..data import CampaignData
from ..phase.bots import bot
from ..phase.machine import Campaign
from ..sheet.state import new_sheet


def advance(game: Campaign, runner) -> None:
    """Do the next step of the sheet (an adventure is played by ``runner``)."""
    step = game.sheet["step"]
    if step in ("search", "cleanup", "rewards"):
        raise ValueError(f"a sheet never rests at step {step!r}")
    if step == "xp":
        game.spend_xp()
    if step in ("xp", "shop"):
        game.shopping()
    if step in ("xp", "shop", "choose"):
        game.choose()
    elif step == "setup":
        game.set_up()
    elif step == "travel":
        game.travel()
    elif step == "adventure":
        adventure = game.data.adventure(game.sheet["next_adventure"])
        game.play_hand()
        game.spend_late_xp()  # R59 (original): XP gained on the way to the Finale
        result = runner(game, adventure)
        game.record(adventure["id"], result["winner"], result.get("search", ()),
                    result.get("relic_to"))


def run(game: Campaign, runner, limit: int = 200) -> Campaign:
    for _ in range(limit):
        if game.sheet["step"] == "over":
            return game
        advance(game, runner)
    raise RuntimeError("the campaign did not end")


def play_campaign(data: CampaignData, seed: int, heroes, overlord: str, runner,
                  bots: str = "heuristic", debug: bool = False) -> Campaign:
    """A new campaign played to its end by bots; ``heroes`` is ``[(name, hero id, class)]``."""
    sheet = new_sheet(data, seed, heroes, overlord)
    players = {"heroes": bot(bots, seed * 2), "overlord": bot(bots, seed * 2 + 1)}
    return run(Campaign(data, sheet, players, debug), runner)
