"""Exact combat odds: a Hero (and allies) against one challenge, base ruleset, no escape.

The combat is a finite Markov decision process. Its round-start states are
``(hero wounds, challenge wounds, ally wounds)``; inside a round the situation is
``(phase, who already attacked, current wounds)``. In each phase the player chooses one
action: the Hero attacks (once per round), an ally that has not attacked this round attacks,
or the Hero defends. Every choice maximises the probability of defeating the challenge.

Wounds never decrease, so the only cycle is a round that ends where it began. For a round-start
state ``s`` the value ``V`` satisfies ``V = T(V)``, where ``T(v)`` is the optimum of the
within-round program in which "the round ends unchanged" is worth ``v``. ``T`` is a maximum
of finitely many affine functions ``r_pi + p_pi * v`` (one per adaptive within-round policy
``pi``; ``p_pi`` = probability that the round changes nothing), hence convex, nondecreasing,
with slopes in [0, 1]. The win probability is the least fixed point of ``T`` in [0, 1]
(positive-reward MDP). We solve it with a Dinkelbach/Newton iteration: start at ``v = 0``,
take the maximising policy ``pi`` at ``v`` and jump to ``v' = r_pi / (1 - p_pi)``, the exact
value of repeating ``pi`` forever (a geometric series, no truncation). Each ``v'`` is the value
of a real stationary policy, so ``v' <= V*``; ``T(v) >= v`` keeps the sequence nondecreasing;
there are finitely many pieces, so the iteration stops after a few steps at a ``v`` with
``T(v) = v``. A fixed point that is a policy's value and not above the least fixed point is
the least fixed point: the result is exact up to float rounding. If every policy has
``p_pi = 1`` nothing can ever change: that state is a ``stalemate`` (win 0, combat never ends).

Ties between actions (equal win probability within 1e-12) go to the action whose round is
less likely to change nothing, then to fewer expected Hero wounds, then to the order
Hero attack, allies (in input order), defend.

``stamina`` and ``movement_dice`` modifiers are accepted and have no effect on the rounds (the
Stamina that pays a once-per-combat strike is passed as ``stamina``).
Pure Python; it imports only the engine IR's vocabulary (phases, modifiable stats) and its
solver, :mod:`.odds_solver` (this module checks the input and runs it).
"""

from __future__ import annotations

import sys

from ..core.ir import MODIFIABLE_STATS, PHASES
from .odds_solver import ATTRIBUTES, STAT_FIELDS, OddsResult, Side, Solver


def _side(card: dict, what: str, modifiers: dict | None = None) -> Side:
    if not isinstance(card, dict):
        raise ValueError(f"{what}: expected a dict of card stats, got {type(card).__name__}")
    missing = [f for f in STAT_FIELDS if f not in card]
    if missing:
        raise ValueError(f"{what} {card.get('name', '?')!r}: missing stat(s) {', '.join(missing)}")
    for f in STAT_FIELDS:
        if isinstance(card[f], bool) or not isinstance(card[f], int):
            raise ValueError(f"{what} {card.get('name', '?')!r}: {f} must be an integer, "
                             f"got {card[f]!r}")
    mods = dict(modifiers or {})
    for stat, delta in mods.items():
        if stat not in MODIFIABLE_STATS:
            raise ValueError(f"unknown modifier stat {stat!r}; expected one of "
                             f"{', '.join(MODIFIABLE_STATS)}")
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise ValueError(f"modifier {stat!r} must be an integer, got {delta!r}")
    roll = tuple(card[a] + mods.get(a, 0) + mods.get(f"{p}_roll", 0)
                 for a, p in zip(ATTRIBUTES, PHASES, strict=True))
    damage = tuple(max(0, card[f"{p}_damage"] + mods.get(f"{p}_damage", 0)) for p in PHASES)
    life = card["life"] + mods.get("life", 0)
    if life < 1:
        raise ValueError(f"{what} {card.get('name', '?')!r}: life must be at least 1, got {life}")
    if min(card[f"{p}_damage"] for p in PHASES) < 0:
        raise ValueError(f"{what} {card.get('name', '?')!r}: damage cannot be negative")
    return Side(str(card.get("name", what)), roll, damage, life)


def exact_solver(hero: dict, challenge: dict, allies=(), modifiers: dict | None = None,
                 abilities=(), stamina: int = 0, ally_ids=None, lean: bool = False):
    """The round loop's solver for these stats (as :func:`exact_odds` takes them), to be asked
    ``value(hero_wounds, challenge_wounds)`` for any start (the caller gives the recursion
    room: about 3 frames per wound of life); ``lean``: the decisions' numbers only
    (:attr:`.odds_solver.Solver.lean`); raises ValueError on bad input."""
    return Solver(_side(hero, "hero", modifiers), _side(challenge, "challenge"),
                  tuple(_side(a, "ally") for a in allies), tuple(abilities), stamina, ally_ids,
                  lean)


# solvers shared by every caller of the process (the bots of all games): see shared_solver
_SHARED: dict = {}
_SHARED_MAX = 512  # solvers
_SHARED_STATES = 20_000  # round-start states solved in them (~3 kB each with their tables)


def shared_solver(hero: dict, challenge: dict, allies=(), modifiers: dict | None = None,
                  abilities=(), stamina: int = 0, ally_ids=None, lean: bool = False):
    """:func:`exact_solver`, one solver per process for each set of inputs. A solver's
    values, decisions and cancels are a function of what it is built from (the three
    :class:`~.odds_solver.Side` s, the abilities, the Stamina and the Allies' ids: the key,
    all of it) and of the state asked, never of which states were asked before, so a
    combat's Before Combat solve, its rounds and every later game on the same numbers share
    the states one of them solved (issue 38). ``lean``: a solver of the decisions' numbers
    only (:attr:`.odds_solver.Solver.lean`; the bots' solvers), filed apart from the full
    ones. ``RUNEFORGE_NO_GAME_CACHES=1`` gives a new
    solver every time (the logs must not change: bench_game.py and
    tests/test_game_caches.py compare)."""
    from ..game.game import no_game_caches

    h, c = _side(hero, "hero", modifiers), _side(challenge, "challenge")
    al = tuple(_side(a, "ally") for a in allies)
    abilities = tuple(abilities)
    ids = None if ally_ids is None else tuple(ally_ids)
    if not any(ab.kind == "strike" for ab in abilities):
        stamina = 0  # it pays strikes only: without one, every Stamina solves the same
    if not any(ab.holder for ab in abilities):
        ids = None  # they name the holders of Allies' abilities only
    if no_game_caches():
        return Solver(h, c, al, abilities, stamina, ids, lean)
    key = (h, c, al, abilities, stamina, ids, lean)
    solver = _SHARED.pop(key, None)
    if solver is None:
        solver = Solver(h, c, al, abilities, stamina, ids, lean)
        # a bound on the memory (the values never depend on it): the solvers used longest
        # ago leave first
        states = sum(len(s.start) for s in _SHARED.values())
        while _SHARED and (len(_SHARED) >= _SHARED_MAX or states >= _SHARED_STATES):
            states -= len(_SHARED.pop(next(iter(_SHARED))).start)
    _SHARED[key] = solver  # the most recently used last
    return solver


def forget_shared() -> None:
    """Drop every shared solver (a process that times games from the same cold start each
    time: benchmarks/bench_game.py's debug-mode figure)."""
    _SHARED.clear()


def solve_start(solver, state) -> tuple:
    """``solver.start_value(state)`` with the recursion room a solve needs (about 3 frames
    per wound of life, as :func:`exact_odds` gives it)."""
    need = 3 * (solver.hero.life + solver.chal.life + sum(a.life for a in solver.allies)) + 200
    old = sys.getrecursionlimit()
    if need > old:
        sys.setrecursionlimit(need + old)
    try:
        return solver.start_value(state)
    finally:
        sys.setrecursionlimit(old)


def exact_odds(hero: dict, challenge: dict, allies=(), modifiers: dict | None = None,
               hero_wounds: int = 0, abilities=(), stamina: int = 0,
               exhaustion: int = 0, ally_ids=None) -> OddsResult:
    """Exact win probability, expected wounds and optimal policy (see the module docstring).

    ``hero``, ``challenge`` and each ally are plain dicts with ``mind``, ``body``, ``spirit``,
    ``ranged_damage``, ``melee_damage``, ``magic_damage``, ``life`` (docs/card-format.md; for a
    challenge the attributes are target numbers). ``modifiers`` ({stat: delta}, stats as in the
    IR ``modify`` op) apply to the Hero. ``abilities``: the Hero's once-per-combat
    :class:`~.odds_solver.RoundAbility` list the round loop plays (a strike is paid from
    ``stamina`` - ``exhaustion``; an Ally's ability needs ``ally_ids``, the card ids of
    ``allies`` in order, and is there while that Ally lives; an Ally not among them does not
    fight, so it is never wounded). Raises ValueError on bad input.
    """
    h = _side(hero, "hero", modifiers)
    c = _side(challenge, "challenge")
    al = tuple(_side(a, "ally") for a in allies)
    if isinstance(hero_wounds, bool) or not isinstance(hero_wounds, int) or hero_wounds < 0:
        raise ValueError(f"hero_wounds must be a non-negative integer, got {hero_wounds!r}")
    if hero_wounds >= h.life:
        raise ValueError(f"hero_wounds {hero_wounds} >= life {h.life}: the Hero is knocked out")
    # the lazy recursion goes about 3 frames deep per wound dealt anywhere
    need = 3 * (h.life + c.life + sum(a.life for a in al)) + 200
    old = sys.getrecursionlimit()
    if need > old:
        sys.setrecursionlimit(need + old)
    try:
        return Solver(h, c, al, tuple(abilities), stamina, ally_ids).solve(hero_wounds,
                                                                           exhaustion)
    finally:
        sys.setrecursionlimit(old)
