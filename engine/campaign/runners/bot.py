"""The bot runner: each adventure is played by the adventure game's ``play`` entry point
(contract 1: ``play(bundle, options) -> {winner, explored, ...}``), which the caller passes
in, so the campaign layer never imports a game."""

from __future__ import annotations

from ..sheet.state import hero_players
from .carry import carried, hand


class BotRunner:
    def __init__(self, play, bundle: dict, bots: str = "heuristic"):
        self.play, self.bundle, self.bots = play, bundle, bots
        self.games: list[dict] = []

    def options(self, game, adventure: dict) -> dict:
        sheet = game.sheet
        heroes = hero_players(sheet)
        options = {"adventure": adventure["trial"], "players": len(heroes),
                   "seed": sheet["seed"] * 1000 + len(sheet["played"]), "bots": self.bots,
                   "heroes": [h["hero"] for h in heroes]}
        # R44: travel damage carries in; so do items, skills, fatigue, conditions, the
        # overlord's hand (R41) and relics on lieutenants (R48-R50): see .carry
        options.update(carried(game.data, sheet))
        return options

    def __call__(self, game, adventure: dict) -> dict:
        options = self.options(game, adventure)
        result = self.play(self.bundle, options)
        winner = "heroes" if result.get("winner") == "heroes" else "overlord"
        per = int(game.data.rule("search", "per_explored_chamber", default=1))
        count = max(0, int(result.get("explored", 0) or 0)) * per
        found = list(game.sheet["search"]["deck"][:count])
        self.games.append({"adventure": adventure["id"], "trial": adventure["trial"],
                           "seed": options["seed"], "winner": winner,
                           "how": result.get("how"), "rounds": result.get("rounds"),
                           "explored": result.get("explored"), "search": found,
                           "hand": hand(game.data, game.sheet)})
        return {"winner": winner, "search": found}
