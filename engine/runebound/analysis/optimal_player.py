"""The ``optimal`` Monte Carlo policy: the exact model's decisions played inside the engine.

:class:`OptimalPlayer` never escapes and takes the decisions of the exact odds' optimal policy:

* **Before Combat** — the exact model of the step (:mod:`.odds_before`: which of the Hero's
  and items' Before Combat abilities to use and in what order, X, the exhaustion spent on a
  test, "you may"), solved once per combat situation on the stats the engine reports, when
  every ability that can act in that step is one the model covers
  (:func:`.before_model.before_model`); otherwise the bot decides that step;
* **phases** — the round loop's optimal policy (:mod:`.odds_exact`), asked at the start of
  each round on the stats the engine reports then (modifiers, durations and wounds included):
  one solve per set of stats, continued from the state each round starts in;
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
from ..core.skills import skills_of
from ..core.windows import BEFORE_COMBAT
from .before_model import before_model
from .odds_before import Rules, decide_before_combat, exact_combat_odds
from .odds_exact import shared_solver, solve_start
from .odds_solver import OddsResult

_PHASES = PHASES
_ATTR = {"ranged": "mind", "melee": "body", "magic": "spirit"}
_BEFORE_KINDS = ("use_ability", "x", "skill_exhaustion", "optional")
__all__ = ["OptimalPlayer", "decide_before_combat", "decide_cancel", "decide_phase"]



def decide_phase(solution, hero_wounds: int, enemy_wounds: int, ally_wounds, phase,
                 attacked=(), extra=None) -> str:
    """The optimal phase decision from plain numbers (see the module docstring); ``extra``:
    (flags of the once-per-combat abilities still there, exhaustion), default all and 0."""
    solver = solution._solver
    aw = tuple(min(w, a.life) for w, a in zip(ally_wounds, solver.allies, strict=True))
    if hero_wounds >= solver.hero.life or enemy_wounds >= solver.chal.life:
        raise KeyError("the combat is over")
    extra = (solver.all_flags, 0) if extra is None else tuple(extra)
    solver.start_value((hero_wounds, enemy_wounds, aw, extra))  # solved if it was not
    return solution.decision(hero_wounds, enemy_wounds, aw, phase, attacked, extra)


def decide_cancel(solution, hero_wounds: int, enemy_wounds: int, ally_wounds, phase,
                  attacked, extra, wounds: int):
    """Which once-per-combat cancel (index into the solve's abilities, or None) answers
    ``wounds`` being inflicted on the Hero in ``phase``; ``attacked`` as after the action
    whose roll failed. KeyError for a situation the solve did not reach."""
    solver = solution._solver
    k = PHASES.index(phase) if isinstance(phase, str) else phase
    aw = tuple(min(w, a.life) for w, a in zip(ally_wounds, solver.allies, strict=True))
    names = ("hero",) + solver.ally_names
    mask = 0
    for name in attacked:
        mask |= 1 << names.index(name)
    mask &= solver._alive_mask(aw)
    return solver.cancel_choice(k, mask, (hero_wounds, enemy_wounds, aw, tuple(extra)),
                                wounds)


class OptimalPlayer(HeuristicBot):
    """Never escapes; Before Combat and phase decisions from the exact optimal policy, the
    bot for the rest (see the module docstring).

    The round program is asked at the start of each round for the Hero's, the Allies' and
    the enemy's current stats (engine.stat: modifiers included) and wounds: one solve per
    set of stats (full lives), continued from the round's state (wounds, abilities left,
    exhaustion), which decides as a fresh combat whose lives are the lives left would
    (tests/test_optimal_restart.py). Solves are cached across rounds and trials.
    """

    def __init__(self):
        self.cache: dict = {}
        self._combat = 0  # bumped by start_combat(); tells trials apart
        self._round_key = None
        # (OddsResult, enemy wounds, ally wounds, ally lives, ally ids, round abilities) of
        # this round: the wounds are the solve's zero (0: it counts every wound)
        self._root = None
        self._stats_key = None
        self._stats = None
        self._before_key = None
        self._before = None  # (BeforeSolution, refs of the modelled Hero abilities) or None
        self.before_cache: dict = {}
        self.models: dict = {}
        self._fresh = False  # start_combat() said the next combat starts from nothing

    def decide(self, decision, engine):
        step = engine.moment.step
        if decision.kind in _BEFORE_KINDS and step == BEFORE_COMBAT:
            answer = self._before_combat(decision, engine)
            if answer is not _NO_ANSWER:
                return answer
        elif decision.kind == "use_ability" and step in _PHASES:
            answer = self._round_ability(decision, engine)
            if answer is not _NO_ANSWER:
                return answer
        return super().decide(decision, engine)

    def start_combat(self) -> None:
        """Called before each fresh combat on a fresh Hero (the Monte Carlo does; a game's
        combats are told apart by the state's combat number)."""
        self._combat += 1
        self._fresh = True

    def _model(self, hero, enemy, engine):
        """The exact model's view of every ability in this fight (cached by the cards)."""
        key = (hero.id, tuple(hero.items), tuple(a.id for a in hero.allies), enemy.id)
        model = self.models.get(key)
        if model is None:
            card = engine.catalog.card
            roles = [(hero.id, "hero")] + [(i, "item") for i in hero.items] + \
                [(a.id, "ally") for a in hero.allies] + [(enemy.id, "challenge")]
            model = self.models[key] = before_model(
                (cid, ab.index, role, ab.ir) for cid, role in roles
                for ab in card(cid).abilities)
        return model

    def _escape(self, d, engine):
        return False

    def _phase_action(self, d, engine):
        hero = engine.state.hero(d.actor)
        enemy = engine.enemies.get(hero.id)
        if enemy is None or getattr(enemy, "kind", "") == "hero":
            return super()._phase_action(d, engine)
        res, c0, aw0, lives, ids, _rounds = self._round_root(hero, enemy, engine)
        if res is None:
            return super()._phase_action(d, engine)
        aw = self._ally_wounds(hero, self._root)
        attacked = [] if "attack" in d.options else ["hero"]
        attacked += [f"a{i}" for i, a in enumerate(ids) if f"ally:{a}" not in d.options]
        try:
            choice = decide_phase(res, hero.wounds, enemy.wounds - c0, aw, d.info["phase"],
                                  attacked, self._extra(hero, engine))
        except KeyError:  # a situation the round-start solve cannot reach
            return super()._phase_action(d, engine)
        if choice == "hero attacks":
            answer = "attack"
        elif choice == "hero defends":
            answer = "defend"
        elif choice.startswith("use "):
            return super()._phase_action(d, engine)  # the window for it has passed
        else:
            answer = f"ally:{ids[int(choice.split()[0][1:])]}"
        return answer if answer in d.options else super()._phase_action(d, engine)

    def _round_root(self, hero, enemy, engine):
        """The round program solved at the start of this round (once per round)."""
        key = (self._combat, id(engine), engine.state.combat_no, engine.moment.round)
        if key != self._round_key:
            self._round_key = key
            self._root = self._solve(hero, enemy, engine)
        return self._root

    @staticmethod
    def _ally_wounds(hero, root) -> list[int]:
        _res, _c0, aw0, lives, ids, _rounds = root
        aw = []
        for ally_id, w0, life in zip(ids, aw0, lives, strict=True):
            ally = hero.ally(ally_id)  # a killed Ally has left the Hero: all its life is gone
            aw.append(life if ally is None else min(ally.wounds - w0, life))
        return aw

    def _extra(self, hero, engine) -> tuple[int, int]:
        """(flags of the round solve's abilities not used yet, exhaustion) now."""
        rounds = self._root[5]
        bucket = f"@combat:{engine.state.combat_no}"
        flags = sum(1 << i for i, a in enumerate(rounds) if not _spent(hero, a, bucket))
        return flags, hero.exhaustion

    def _round_ability(self, d, engine):
        """A once-per-combat strike in a phase's window, or a cancel when wounds land on the
        Hero, as the round loop's optimal policy says; only when the model covers every
        ability in the fight (otherwise the bot decides)."""
        hero = engine.state.hero(d.actor)
        enemy = engine.enemies.get(hero.id)
        if enemy is None or getattr(enemy, "kind", "") != "challenge":
            return _NO_ANSWER
        if not self._model(hero, enemy, engine).complete:
            return _NO_ANSWER
        res, c0, _aw0, _lives, ids, rounds = self._round_root(hero, enemy, engine)
        if res is None:
            return _NO_ANSWER
        aw = self._ally_wounds(hero, self._root)
        attacked = ["hero"] if hero.id in engine.round_attacks else []
        attacked += [f"a{i}" for i, a in enumerate(ids) if a in engine.round_attacks]
        extra = self._extra(hero, engine)
        phase = engine.moment.step
        try:
            if d.info.get("pending"):
                i = decide_cancel(res, hero.wounds, enemy.wounds - c0, aw, phase, attacked,
                                  extra, d.info["pending"])
                answer = None if i is None else rounds[i].ref
            else:
                choice = decide_phase(res, hero.wounds, enemy.wounds - c0, aw, phase,
                                      attacked, extra)
                answer = next((a.ref for a in rounds if choice == f"use {a.name}"), None)
        except KeyError:
            return _NO_ANSWER
        return answer if answer in d.options else None

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
        # unnamed Hero and enemy, as the Before Combat solve names them: one shared solver
        self._stats = (side(hero, ""), side(enemy, "", rolls=False),
                       [side(a, f"a{i}") for i, a in enumerate(allies)], allies)
        return self._stats

    def _solve(self, hero, enemy, engine):
        """The round loop's solution for the stats in force, continued from this round's
        start: one solver per set of stats (lives full, wounds and spent abilities in the
        state, not in the key), so a later round, or a later combat on the same stats, asks
        the states it reaches instead of solving a new combat (issue 38). The values are the
        ones a fresh solve with the lives left gives: the model depends on lives left only."""
        h, c, ally_dicts, allies = self._current_stats(hero, enemy, engine)
        if h["life"] <= hero.wounds or c["life"] <= enemy.wounds \
                or any(d["life"] <= a.wounds for d, a in zip(ally_dicts, allies, strict=True)):
            return None, 0, (), (), (), ()
        held = {a.id for a in hero.allies}  # a killed Ally's abilities left with it
        rounds = tuple(a for a in self._model(hero, enemy, engine).rounds
                       if a.holder is None or a.holder in held)
        stamina = engine.stat(hero, "stamina")
        ids = tuple(a.id for a in allies)
        key = (tuple(h.values()), tuple(c.values()), tuple(tuple(a.values()) for a in ally_dicts),
               rounds, stamina, ids)
        res = self.cache.get(key)
        if res is None:
            solver = shared_solver(h, c, ally_dicts, abilities=rounds, stamina=stamina,
                                   ally_ids=ids, lean=True)
            res = self.cache[key] = OddsResult(0.0, 0.0, 0.0, 0.0, 0.0, _solver=solver)
        bucket = f"@combat:{engine.state.combat_no}"
        flags = sum(1 << i for i, a in enumerate(rounds) if not _spent(hero, a, bucket))
        state = (hero.wounds, enemy.wounds, tuple(a.wounds for a in allies),
                 (flags, hero.exhaustion))
        solver = res._solver
        if solver.canon(state) not in solver.start:
            _deep(solver, state)
        return (res, 0, (0,) * len(allies), tuple(d["life"] for d in ally_dicts), ids, rounds)

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
        solution, own, own_activated = self._before
        bucket = f"@combat:{engine.state.combat_no}"
        used = [ref for ref in own if hero.used.get(ref + bucket)
                or own_activated.get(ref) in hero.activated]
        kind, card = d.kind, d.source
        if kind == "use_ability":
            pending = d.info.get("pending", 0)
            kind, card = ("cancel", pending) if pending else ("use_ability", None)
        try:
            answer = decide_before_combat(solution, kind, card, hero.wounds, hero.exhaustion,
                                          enemy.wounds, used)
        except KeyError:  # a situation the model did not reach: the bot decides
            return _NO_ANSWER
        return answer if answer in d.options else _NO_ANSWER

    def _solve_before(self, d, hero, enemy, engine):
        """The exact Before Combat solution from this first question on, or None when an
        ability acting in this step is not one the model covers."""
        fresh, self._fresh = self._fresh, False
        model = self._model(hero, enemy, engine)
        cancels = [a for a in model.rounds if a.kind == "cancel" and -1 in a.phases]
        if not model.complete_before or not (model.steps or cancels):
            return None
        hostile = model.hostile
        if fresh:  # a fresh Hero and challenge: solve the step from its beginning
            start, skip = (0, 0, 0), 0
        elif d.kind == "use_ability" and not d.info.get("pending"):
            start, skip = (hero.wounds, hero.exhaustion, enemy.wounds), len(hostile)
        else:
            at = [i for i, s in enumerate(hostile) if s.card == d.source]
            if d.kind != "skill_exhaustion" or d.source != enemy.id or len(at) != 1:
                return None  # a question inside a text: not at a start the model can take
            start, skip = (hero.wounds, hero.exhaustion, enemy.wounds), at[0]
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
        skills = tuple(sorted(skills_of(engine, hero)))  # printed and given (session skills)
        ckey = (tuple(sorted(h.items())), tuple(sorted(c.items())),
                tuple(tuple(sorted(a.items())) for a in ally_dicts),
                tuple((s.ref, s.role) for s in model.steps), tuple(model.rounds), rules,
                skills, start, skip, tuple(a.id for a in allies))
        solution = self.before_cache.get(ckey)
        if solution is None:
            try:
                solution = exact_combat_odds(h, c, ally_dicts, model, rules, skills,
                                             start, skip, tuple(a.id for a in allies),
                                             lean=True)
            except ValueError:
                return None
            self.before_cache[ckey] = solution
        return (solution, tuple(s.ref for s in model.own) + tuple(a.ref for a in cancels),
                {a.ref: a.card for a in cancels if a.activate})


_NO_ANSWER = object()


def _deep(solver, state) -> None:
    """Solve ``state`` as a round start, with the recursion room exact_odds gives a solve."""
    solve_start(solver, state)


def _spent(hero, ability, bucket: str) -> bool:
    """Has the Hero used this once-per-combat ability (an activated card: face down)?"""
    if ability.activate:
        return ability.card in hero.activated
    return bool(hero.used.get(ability.ref + bucket))
