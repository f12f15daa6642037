"""The ``optimal`` Monte Carlo policy: the exact model's decisions played inside the engine.

:class:`OptimalPlayer` never escapes and takes the decisions of the exact odds' optimal policy:

* **Before Combat** — the exact model of the step (:mod:`.odds_before`: which of the Hero's
  and items' Before Combat abilities to use and in what order, X, the exhaustion spent on a
  test, "you may"), solved once per combat situation on the stats the engine reports, when
  every ability that can act in that step is one the model covers
  (:func:`.before_model.before_model`); otherwise the bot decides that step;
* **phases** — the round loop's optimal policy (:mod:`.odds_exact`), solved at the start of
  each round on the stats the engine reports then (modifiers, durations and wounds included);
* everything else (other abilities, reactions) — the bot.

The decision logic is also a pair of plain-number functions that need no engine (the combat
kernel calls them):

``decide_phase(solution, hero_wounds, enemy_wounds, ally_wounds, phase, attacked)``
    ``solution``: an :class:`~.odds_solver.OddsResult` (``exact_odds`` of the combat or of the
    round); wounds as counted in that solve; ``phase``: name or 0-2; ``attacked``: names
    (``"hero"``, ally names) of who attacked this round. Returns ``"hero attacks"``,
    ``"<ally> attacks"`` or ``"hero defends"``; any start of a round is solved on demand.
    KeyError for a situation that cannot arise (a side already defeated).

``decide_before_combat(solution, kind, card, hero_wounds, exhaustion, enemy_wounds, used)``
    ``solution``: a :class:`~.odds_before.BeforeSolution`; ``kind``: ``use_ability``,
    ``x``, ``skill_exhaustion`` or ``optional``; ``card``: the question's source card;
    ``used``: refs (``card#index``) of the Hero's Before Combat abilities used so far this
    combat. Returns the ref to use next or None (pass), X, the exhaustion, or True/False.
"""

from __future__ import annotations

from ..bots.combat_bot import HeuristicBot
from ..core.ir import PHASES
from ..core.windows import BEFORE_COMBAT
from .before_model import before_model
from .odds_before import Rules, decide_before_combat, exact_combat_odds
from .odds_exact import exact_odds

_PHASES = PHASES
_ATTR = {"ranged": "mind", "melee": "body", "magic": "spirit"}
_BEFORE_KINDS = ("use_ability", "x", "skill_exhaustion", "optional")

__all__ = ["OptimalPlayer", "decide_before_combat", "decide_phase"]


def decide_phase(solution, hero_wounds: int, enemy_wounds: int, ally_wounds, phase,
                 attacked=()) -> str:
    """The optimal phase decision from plain numbers (see the module docstring)."""
    solver = solution._solver
    aw = tuple(min(w, a.life) for w, a in zip(ally_wounds, solver.allies, strict=True))
    if hero_wounds >= solver.hero.life or enemy_wounds >= solver.chal.life:
        raise KeyError("the combat is over")
    state = (hero_wounds, enemy_wounds, aw)
    if state not in solver.start:
        solver._value(3, 0, state)  # solve that start of a round
    return solution.decision(hero_wounds, enemy_wounds, aw, phase, attacked)


class OptimalPlayer(HeuristicBot):
    """Never escapes; Before Combat and phase decisions from the exact optimal policy, the
    bot for the rest (see the module docstring).

    The round program is solved at the start of each round for the Hero's, the Allies' and
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
        self._before_key = None
        self._before = None  # (BeforeSolution, refs of the modelled Hero abilities) or None
        self.before_cache: dict = {}

    def decide(self, decision, engine):
        if decision.kind in _BEFORE_KINDS and engine.moment.step == BEFORE_COMBAT \
                and not decision.info.get("pending"):
            answer = self._before_combat(decision, engine)
            if answer is not _NO_ANSWER:
                return answer
        return super().decide(decision, engine)

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
            choice = decide_phase(res, hero.wounds, enemy.wounds - c0, aw, d.info["phase"],
                                  attacked)
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

    # ------------------------------------------------------------------ Before Combat
    def _before_combat(self, d, engine):
        hero = engine.state.hero(d.actor)
        enemy = engine.enemies.get(hero.id)
        if enemy is None or getattr(enemy, "kind", "") != "challenge":
            return _NO_ANSWER
        key = (self._combat, id(engine), engine.state.combat_no)
        if key != self._before_key:
            self._before_key = key
            self._before = self._solve_before(d, hero, enemy, engine)
        if self._before is None:
            return _NO_ANSWER
        solution, own = self._before
        bucket = f"@combat:{engine.state.combat_no}"
        used = [ref for ref in own if hero.used.get(ref + bucket)]
        card = None if d.kind == "use_ability" else d.source
        try:
            answer = decide_before_combat(solution, d.kind, card, hero.wounds, hero.exhaustion,
                                          enemy.wounds, used)
        except KeyError:  # a situation the model did not reach: the bot decides
            return _NO_ANSWER
        return answer if answer in d.options else _NO_ANSWER

    def _solve_before(self, d, hero, enemy, engine):
        """The exact Before Combat solution from this first question on, or None when an
        ability acting in this step is not one the model covers."""
        catalog = engine.catalog
        abilities = []
        roles = [(hero.id, "hero")] + [(i, "item") for i in hero.items] + \
            [(a.id, "ally") for a in hero.allies] + [(enemy.id, "challenge")]
        for card_id, role in roles:
            for ab in catalog.card(card_id).abilities:
                abilities.append((card_id, ab.index, role, ab.ir))
        model = before_model(abilities)
        if not model.complete or not model.steps:
            return None
        hostile = model.hostile
        if d.kind == "use_ability":
            skip = len(hostile)
        else:
            at = [i for i, s in enumerate(hostile) if s.card == d.source]
            if d.source != enemy.id or len(at) != 1:
                return None  # a question inside one of the Hero's abilities: not at a start
            skip = at[0]
        stat = engine.stat
        margin = engine.ruleset.defeat_margin
        h = {n: stat(hero, n) for n in ("mind", "body", "spirit", "stamina")}
        for p in _PHASES:
            h[f"{p}_roll"] = stat(hero, f"{p}_roll")
            h[f"{p}_damage"] = max(0, stat(hero, f"{p}_damage"))
        h["life"] = stat(hero, "life") + margin
        c = {n: stat(enemy, n) for n in ("mind", "body", "spirit")}
        for p in _PHASES:
            c[f"{p}_damage"] = max(0, stat(enemy, f"{p}_damage"))
        c["life"] = stat(enemy, "life") + margin
        allies = () if engine.restricted("ally_attack") else tuple(hero.allies)
        ally_dicts = []
        for i, a in enumerate(allies):
            ad = {"name": f"a{i}", "life": stat(a, "life") + margin}
            for p in _PHASES:
                ad[_ATTR[p]] = stat(a, _ATTR[p]) + stat(a, f"{p}_roll")
                ad[f"{p}_damage"] = max(0, stat(a, f"{p}_damage"))
            ally_dicts.append(ad)
        r = engine.ruleset
        rules = Rules(r.skill_bonus, r.skill_bonus_per_exhaustion, r.activations_before_combat)
        start = (hero.wounds, hero.exhaustion, enemy.wounds)
        ckey = (tuple(sorted(h.items())), tuple(sorted(c.items())),
                tuple(tuple(sorted(a.items())) for a in ally_dicts),
                tuple((s.ref, s.role) for s in model.steps), rules, tuple(hero.skills),
                start, skip)
        solution = self.before_cache.get(ckey)
        if solution is None:
            try:
                solution = exact_combat_odds(h, c, ally_dicts, model, rules, hero.skills,
                                             start, skip)
            except ValueError:
                return None
            self.before_cache[ckey] = solution
        return solution, tuple(s.ref for s in model.own)


_NO_ANSWER = object()
