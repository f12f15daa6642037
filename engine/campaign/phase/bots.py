"""Two bots for the campaign's decisions: a seeded random one and a simple heuristic one."""

from __future__ import annotations

import random

from runeforge.engine.common.decisions import Player

from .machine import INDEX_KINDS, PASS_KINDS


def effect_score(effect: dict) -> float:
    """How good an effect looks to the heroes (gold up, wounds and fatigue down)."""
    if "choice" in effect:
        return max(effect_score(e) for e in effect["choice"])
    return (effect.get("gold", 0) - 25 * effect.get("wounds", 0) - 15 * effect.get("fatigue", 0)
            - 30 * ("condition" in effect) - 20 * effect.get("overlord_xp", 0)
            + 30 * effect.get("hero_dice", 0) - 30 * effect.get("adventure_vigour", 0)
            - 30 * effect.get("adversary_vigour", 0))


def item_score(card: dict) -> int:
    """How useful a card's abilities look in an adventure: attacks by damage and hit, then
    heals and moves (the heuristic bot buys the most useful first, then the dearest)."""
    score = 0
    for ir in card.get("abilities", []) or []:
        for e in ir.get("effects", []) if isinstance(ir, dict) else []:
            if e.get("op") == "attack":
                score += 10 * int(e.get("damage", 1)) + 3 * (7 - int(e.get("hit", 6)))
            elif e.get("op") in ("heal", "explore", "renown", "skill"):
                score += 5
            elif e.get("op") == "move":
                score += 3
    return score


def lord_score(card: dict) -> int:
    """An overlord card's worth: its XP (tier), then what it does in the adventure."""
    e = card.get("effect") or {}
    now = (int(e.get("adversary_vigour", 0)) - int(e.get("hero_dice", 0))
           + int(e.get("wounds", 0)) + int(e.get("fatigue", 0)))
    return 10 * int(card.get("xp", 0)) + now


class RandomBot(Player):
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def decide(self, decision, engine):
        if decision.kind in INDEX_KINDS:
            return self.rng.randrange(len(decision.options))
        pool = list(decision.options) + ([None] if decision.kind in PASS_KINDS else [])
        return self.rng.choice(pool)


class HeuristicBot(Player):
    def decide(self, decision, engine):
        kind, options = decision.kind, decision.options
        data = engine.data
        if kind in INDEX_KINDS:
            scores = [effect_score(e) for e in options]
            return scores.index(max(scores))
        if kind == "buy_skill":
            return max(options, key=lambda c: (int(data.cards[c].get("xp", 0)),
                                               item_score(data.cards[c]), c))
        if kind == "buy_overlord_card":
            return max(options, key=lambda c: (lord_score(data.cards[c]), c))
        if kind == "shop_buy":
            # R28: the most useful item first, for the hero with the fewest useful ones
            heroes = {p["name"]: sum(item_score(data.cards.get(i, {})) for i in p["items"])
                      for p in engine.sheet["players"] if p["side"] == "heroes"}
            return max(options, key=lambda o: (item_score(data.cards[o[0]]),
                                               int(data.cards[o[0]].get("cost", 0)),
                                               -heroes[o[1]], o[0]))
        return options[0]


def bot(kind: str, seed: int = 0) -> Player:
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot {kind!r}: random or heuristic")
