"""The game bots' exact odds: the heuristic game bot (:class:`..bots.game_bot.GameBot`) judges
a fight it may choose (High Lord Margath on the undefeated track, say) by the project's exact
odds (:mod:`.odds_exact`), not by a quick estimate.

The bots sit below the analysis layer (tests/test_engine_layers.py), so the odds are handed
to them: :func:`make_bot` is :func:`..bots.game_bot.make_bot` with :func:`exact_win` given to
every heuristic bot. Every whole game the project plays (``simulate``, ``play``, the soaks)
takes its bots from here.

:func:`exact_win` is the win probability of the Hero with its Allies, at its current wounds,
against a challenge's printed stats, with the optimal phase policy of the exact model (no
escape; the Hero's and items' standing modifiers are in ``engine.stat``; once-per-combat
abilities and Before Combat text are left out, so a Before Combat wound is counted by
``before_wounds``). Solves are cached per process by their numbers (and the solvers shared: odds_exact.shared_solver).
"""

from __future__ import annotations

from ..bots.estimates import PHASE_ATTR
from ..bots.game_bot import GameBot
from ..bots.game_bot import make_bot as _make_bot
from .odds_exact import forget_shared, shared_solver, solve_start
from .optimal_player import OptimalPlayer

_CACHE: dict[tuple, float] = {}
_CACHE_MAX = 200_000


def _side(stat, fig, rolls: bool, margin: int, wounds: int) -> dict:
    d = {}
    for phase, attr in PHASE_ATTR:
        d[attr] = stat(fig, attr) + (stat(fig, f"{phase}_roll") if rolls else 0)
        d[f"{phase}_damage"] = max(0, stat(fig, f"{phase}_damage"))
    d["life"] = stat(fig, "life") + margin - wounds
    return d


def exact_win(engine, hero, enemy: dict, before_wounds: int = 0) -> float:
    """P(``hero`` with its Allies defeats a challenge with the stats ``enemy``) from its
    current wounds plus ``before_wounds`` (a Before Combat wound), never escaping."""
    stat, margin = engine.stat, engine.ruleset.defeat_margin
    h = _side(stat, hero, True, margin, 0)
    wounds = hero.wounds + before_wounds
    if wounds >= h["life"]:
        return 0.0
    allies = [a for a in (_side(stat, ally, False, margin, ally.wounds) for ally in hero.allies)
              if a["life"] >= 1]
    c = {attr: int(enemy.get(attr, 10) or 0) for _p, attr in PHASE_ATTR}
    for phase, _a in PHASE_ATTR:
        c[f"{phase}_damage"] = max(0, int(enemy.get(f"{phase}_damage", 0) or 0))
    c["life"] = max(1, int(enemy.get("life", 1) or 1) + margin)
    key = (tuple(h.values()), tuple(c.values()),
           tuple(tuple(a.values()) for a in allies[:2]), wounds)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > _CACHE_MAX:
            _CACHE.clear()
        # exact_odds(h, c, allies[:2], hero_wounds=wounds).win, on the solver the process
        # shares (named as the optimal player names its sides: a fight it judges here is
        # often the one it plays next)
        solver = shared_solver(dict(h, name=""), dict(c, name=""),
                               [dict(a, name=f"a{i}") for i, a in enumerate(allies[:2])],
                               lean=True)
        found = _CACHE[key] = solve_start(
            solver, (wounds, 0, (0,) * len(solver.allies), (solver.all_flags, 0)))[0]
    return found


def forget() -> None:
    """Drop what earlier games left in this process: the win probabilities :func:`exact_win`
    kept and the shared solvers (:func:`.odds_exact.forget_shared`), so the next game is
    timed from the start a first game has (the benchmarks' cold runs; the results never
    depend on it)."""
    _CACHE.clear()
    forget_shared()


_FIGHT_KINDS = frozenset(("phase_action", "use_ability", "x", "skill_exhaustion", "optional"))


class ExactGameBot(GameBot):
    """The heuristic game bot with the exact odds: it judges a victory card by
    :func:`exact_win` and fights a challenge as the exact model's optimal policy says
    (:class:`.optimal_player.OptimalPlayer`: Before Combat and phase decisions); whether to
    escape, and everything outside a fight, stay the game bot's."""

    def __init__(self):
        super().__init__(odds=exact_win)
        self.fighter = OptimalPlayer()

    def decide(self, decision, engine):
        if decision.kind in _FIGHT_KINDS and getattr(engine, "enemies", None):
            return self.fighter.decide(decision, engine)
        return super().decide(decision, engine)


def make_bot(name: str, seed):
    """:func:`..bots.game_bot.make_bot`, the heuristic bot being :class:`ExactGameBot`."""
    if name == "heuristic":
        return ExactGameBot()
    return _make_bot(name, seed)
