"""Delve bots for the ``delve.action`` decision: a seeded random one and a heuristic one."""

from __future__ import annotations

import random

from runeforge.engine.common.decisions import Player

from .paths import distances


class RandomBot(Player):
    """Picks a random legal action; stops with probability ``stop`` (seeded)."""

    def __init__(self, seed: int = 0, stop: float = 0.1):
        self.rng = random.Random(seed)
        self.stop = stop

    def decide(self, decision, engine):
        if not decision.options or self.rng.random() < self.stop:
            return None
        return self.rng.choice(decision.options)


class HeuristicBot(Player):
    """Attack when possible (the hardest hit), explore when the chamber is clear, recuperate
    when wounded, else move toward the nearest adversary or the nearest unexplored exit; pays
    with the lowest die that does."""

    def decide(self, decision, engine):
        opts = decision.options
        s = engine.state
        hero = s.figure(decision.actor)
        by = {}
        for o in opts:
            by.setdefault(o["action"], []).append(o)
        if "weapon" in by:
            return by["weapon"][0]
        room = s.board.owner.get(hero.cell)
        foes_here = [f for f in s.adversaries() if s.board.owner.get(f.cell) == room]
        if "explore" in by and not foes_here:
            return by["explore"][0]
        if "recuperate" in by:
            return by["recuperate"][0]
        if "move" in by:
            goals = [f.cell for f in s.adversaries()]
            if not goals:
                goals = [c for ch in s.board.chambers for e in s.board.unexplored_exits(ch.index)
                         for c in e.cells] if s.deck else []
            if not goals:
                return None
            dist = distances(s.board, goals, set())
            now = dist.get(hero.cell, 10**6)
            best = min(by["move"], key=lambda o: (dist.get(tuple(o["to"]), 10**6), o["die"]))
            if dist.get(tuple(best["to"]), 10**6) < now:
                return best
        return None
