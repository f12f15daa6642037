"""Two bots for the campaign's decisions: a seeded random one and a simple heuristic one."""

from __future__ import annotations

import random

from runeforge.engine.common.decisions import Player

from .machine import PASS_KINDS


def effect_score(effect: dict) -> float:
    """How good an effect looks to the heroes (gold up, wounds and fatigue down)."""
    if "choice" in effect:
        return max(effect_score(e) for e in effect["choice"])
    return (effect.get("gold", 0) - 25 * effect.get("wounds", 0) - 15 * effect.get("fatigue", 0)
            - 30 * ("condition" in effect) - 20 * effect.get("overlord_xp", 0)
            + 30 * effect.get("hero_dice", 0) - 30 * effect.get("adventure_vigour", 0))


class RandomBot(Player):
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def decide(self, decision, engine):
        if decision.kind == "travel_choice":
            return self.rng.randrange(len(decision.options))
        pool = list(decision.options) + ([None] if decision.kind in PASS_KINDS else [])
        return self.rng.choice(pool)


class HeuristicBot(Player):
    def decide(self, decision, engine):
        kind, options = decision.kind, decision.options
        data = engine.data
        if kind == "travel_choice":
            scores = [effect_score(e) for e in options]
            return scores.index(max(scores))
        if kind in ("buy_skill", "buy_overlord_card"):
            return max(options, key=lambda c: (int(data.cards[c].get("xp", 0)), c))
        if kind == "shop_buy":
            heroes = {p["name"]: len(p.get("items", [])) for p in engine.sheet["players"]
                      if p["side"] == "heroes"}
            return max(options, key=lambda o: (int(data.cards[o[0]].get("cost", 0)),
                                               -heroes[o[1]], o[0]))
        return options[0]


def bot(kind: str, seed: int = 0) -> Player:
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot {kind!r}: random or heuristic")
