"""The ``optimal`` Monte Carlo policy: the exact model's decisions played inside the engine.

:class:`OptimalPlayer` is the bot for abilities, never escapes, and takes the phase decisions
of the exact odds' optimal policy (:mod:`runeforge.engine.runebound.analysis.odds_exact`)
solved for the situation at the start of each round, on the stats the engine reports then.
"""

from __future__ import annotations

from ..bots.combat_bot import HeuristicBot
from .odds_exact import exact_odds

_PHASES = ("ranged", "melee", "magic")
_ATTR = {"ranged": "mind", "melee": "body", "magic": "spirit"}


class OptimalPlayer(HeuristicBot):
    """The bot for abilities; phase decisions from the exact optimal policy; never escapes.

    The exact program is solved at the start of each round for the Hero's, the Allies' and
    the enemy's current stats (engine.stat: modifiers included) and wounds, as a fresh combat
    whose lives are the lives left. Solves are cached across trials.
    """

    def __init__(self):
        self.cache: dict = {}
        self._combat = 0  # bumped by start_combat(); tells trials apart
        self._round_key = None
        # (OddsResult, enemy wounds, ally wounds, ally lives left, ally ids) at round start
        self._root = None
        self._stats_key = None
        self._stats = None

    def start_combat(self) -> None:
        """Called before each fresh combat (the Monte Carlo does; a game's combats are told
        apart by the state's combat number)."""
        self._combat += 1

    def _escape(self, d, engine):
        return False

    def _phase_action(self, d, engine):
        hero = engine.state.hero(d.actor)
        enemy = engine.enemies.get(hero.id)
        if enemy is None or getattr(enemy, "kind", "") == "hero":
            return super()._phase_action(d, engine)
        key = (self._combat, id(engine), engine.state.combat_no, engine.moment.round)
        if key != self._round_key:
            self._round_key = key
            self._root = self._solve(hero, enemy, engine)
        res, c0, aw0, lives, ids = self._root
        if res is None:
            return super()._phase_action(d, engine)
        aw = []
        for ally_id, w0, life in zip(ids, aw0, lives, strict=True):
            ally = hero.ally(ally_id)  # a killed Ally has left the Hero: all its life is gone
            aw.append(life if ally is None else min(ally.wounds - w0, life))
        attacked = [] if "attack" in d.options else ["hero"]
        attacked += [f"a{i}" for i, a in enumerate(ids) if f"ally:{a}" not in d.options]
        try:
            choice = res.decision(hero.wounds, enemy.wounds - c0, aw, d.info["phase"], attacked)
        except KeyError:  # a situation the round-start solve cannot reach
            return super()._phase_action(d, engine)
        if choice == "hero attacks":
            answer = "attack"
        elif choice == "hero defends":
            answer = "defend"
        else:
            answer = f"ally:{ids[int(choice.split()[0][1:])]}"
        return answer if answer in d.options else super()._phase_action(d, engine)

    def _current_stats(self, hero, enemy, engine):
        """Stat dicts (lives without wounds) of the Hero, the enemy and the Allies that may
        attack; recomputed only when something that can change a stat changed."""
        allies = () if engine.restricted("ally_attack") else tuple(hero.allies)
        sig = (self._combat, id(engine), engine.state.combat_no, id(enemy),
               tuple(map(id, engine.state.effects)), tuple(hero.items),
               tuple(a.id for a in allies))
        if sig == self._stats_key:
            return self._stats
        stat = engine.stat
        margin = engine.ruleset.defeat_margin

        def side(fig, name, rolls=True):
            d = {"name": name}
            for ph in _PHASES:
                d[_ATTR[ph]] = stat(fig, _ATTR[ph]) + (stat(fig, f"{ph}_roll") if rolls else 0)
                d[f"{ph}_damage"] = max(0, stat(fig, f"{ph}_damage"))
            d["life"] = stat(fig, "life") + margin
            return d

        self._stats_key = sig
        self._stats = (side(hero, "hero"), side(enemy, "enemy", rolls=False),
                       [side(a, f"a{i}") for i, a in enumerate(allies)], allies)
        return self._stats

    def _solve(self, hero, enemy, engine):
        h, c, ally_dicts, allies = self._current_stats(hero, enemy, engine)
        c = dict(c, life=c["life"] - enemy.wounds)
        ally_dicts = [dict(d, life=d["life"] - a.wounds)
                      for d, a in zip(ally_dicts, allies, strict=True)]
        if h["life"] <= hero.wounds or c["life"] < 1 or any(a["life"] < 1 for a in ally_dicts):
            return None, 0, (), (), ()
        key = (tuple(h.values()), tuple(c.values()), tuple(tuple(a.values()) for a in ally_dicts),
               hero.wounds)
        res = self.cache.get(key)
        if res is None:
            res = self.cache[key] = exact_odds(h, c, ally_dicts, hero_wounds=hero.wounds)
        return (res, enemy.wounds, tuple(a.wounds for a in allies),
                tuple(a["life"] for a in ally_dicts), tuple(a.id for a in allies))
