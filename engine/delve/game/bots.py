"""Delve bots for the ``delve.action`` decision (and the ``delve.effect`` / ``delve.skill``
follow-ups of abilities): a seeded random one and a heuristic one."""

from __future__ import annotations

import random

from runeforge.engine.common.decisions import Player

from ..rules.abilities import weapon_of
from ..rules.attacks import targets
from .heroes import EFFECT, SKILL, find, hero_abilities
from .paths import distances

FAR = 10 ** 6


class RandomBot(Player):
    """Picks a random legal action; stops with probability ``stop`` (seeded)."""

    def __init__(self, seed: int = 0, stop: float = 0.1):
        self.rng = random.Random(seed)
        self.stop = stop

    def decide(self, decision, engine):
        if not decision.options:
            return None
        if decision.info.get("may_end", True) and self.rng.random() < self.stop:
            return None
        return self.rng.choice(decision.options)


def _goals(engine, hero) -> list:
    """Where the heuristic hero heads: the adversaries, else the unexplored exits where the
    top card's chamber fits (R10a), the one the deck sits by (R10c) first. An exit where it
    does not fit is no goal: standing there, the hero could only wait."""
    s = engine.state
    goals = [f.cell for f in s.adversaries()]
    if not goals and s.deck:
        exits = [e for ch in s.board.chambers for e in s.board.unexplored_exits(ch.index)
                 if engine.fits_at(e)]
        by_deck = [e for e in exits if s.deck_at == [e.chamber, e.id]]
        goals = [c for e in (by_deck or exits) for c in e.cells]
    return goals


def _can_strike(engine, hero, cell) -> bool:
    """Whether one of ``hero``'s attack abilities has a target from ``cell``."""
    s, home = engine.state, hero.cell
    weapons = {(e["range"], e["hit"], e["damage"]): weapon_of(a, e, a.need)
               for a in hero_abilities(engine, hero.id) for e in a.effects if e["op"] == "attack"}
    order = sorted(weapons.values(), key=lambda w: w.range == "missile")   # sight is dearest
    hero.cell = cell
    try:
        return any(targets(s.board, hero, w, s.figures) for w in order)
    finally:
        hero.cell = home


class HeuristicBot(Player):
    """Attack when possible (the likeliest damage, the cheapest die), explore when the chamber
    is clear, heal when wounded (the most healed for the lowest die), move to a cell from which
    a weapon reaches an adversary, else toward the nearest adversary or unexplored exit (basic Move or a move ability), and spend what is left on
    abilities that give renown or a skill; pays with the lowest die that does."""

    def decide(self, decision, engine):
        if decision.kind == SKILL:
            return decision.options[0] if decision.options else None
        if decision.kind == EFFECT:
            return self.effect(decision, engine)
        opts, dice = decision.options, decision.info["dice"]
        s = engine.state
        hero = s.figure(decision.actor)
        faces = engine.rules.die_faces

        def face(o):
            return dice[o["die"]]

        def ability(o):
            key = o.get("weapon") or o.get("ability")
            return find(engine, hero.id, key) if key else None

        def ops(o):
            a = ability(o)
            return a.ops() if a else [o["action"]]

        attacks = []
        for o in opts:
            a = ability(o)
            if a and "attack" in a.ops():
                e = next(e for e in a.effects if e["op"] == "attack")
                worth = e["damage"] * (faces - e["hit"] + 1) * len(o.get("targets", [1]))
                attacks.append((-worth, face(o), o))
        if attacks:
            return min(attacks, key=lambda t: t[:2])[2]
        room = s.board.owner.get(hero.cell)
        foes_here = [f for f in s.adversaries() if s.board.owner.get(f.cell) == room]
        explores = [o for o in opts if "explore" in ops(o)]
        if explores and not foes_here:
            return min(explores, key=lambda o: (o["action"] != "explore", face(o)))
        if hero.wounds:
            heals = []
            for o in opts:
                a = ability(o)
                amount = (engine.rules.heal_per_recuperate if o["action"] == "recuperate" else
                          sum(e.get("wounds", 0) for e in a.effects if e["op"] == "heal")
                          if a else 0)
                if amount:
                    heals.append((-min(amount, hero.wounds), face(o), o))
            if heals:
                return min(heals, key=lambda t: t[:2])[2]
        moves = [o for o in opts if "to" in o]
        if moves and s.adversaries():
            reach = {c: _can_strike(engine, hero, c) for c in {tuple(o["to"]) for o in moves}}
            firing = [o for o in moves if reach[tuple(o["to"])]]
            if firing:                          # a cell from which a weapon reaches a foe
                return min(firing, key=lambda o: (face(o), o["to"][1], o["to"][0]))
        goals = _goals(engine, hero)
        if moves and goals:
            dist = distances(s.board, goals, set())
            now = dist.get(hero.cell, FAR)
            best = min(moves, key=lambda o: (dist.get(tuple(o["to"]), FAR), face(o)))
            if dist.get(tuple(best["to"]), FAR) < now:
                return best
        spare = [o for o in opts if {"renown", "skill"} & set(ops(o))]
        if spare:
            return min(spare, key=face)
        if not decision.info.get("may_end", True):  # A2 off: a turn ends only when no
            return min(opts, key=face)  # action is left, so the cheapest die is spent
        return None

    def effect(self, decision, engine):
        """A later choice of an ability: the first target set; a cell nearer the goals."""
        opts = decision.options
        if not opts or "to" not in opts[0]:   # targets; the deck's bottom (delve11)
            return opts[0] if opts else None
        s = engine.state
        hero = s.figure(decision.actor)
        goals = _goals(engine, hero)
        if not goals:
            return None
        dist = distances(s.board, goals, set())
        best = min(opts, key=lambda o: dist.get(tuple(o["to"]), FAR))
        return best if dist.get(tuple(best["to"]), FAR) < dist.get(hero.cell, FAR) else None
