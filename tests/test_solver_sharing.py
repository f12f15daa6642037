"""The round loop's solvers are shared by the whole process (issue 38, "whole games x10").

``odds_exact.shared_solver`` files one :class:`~.odds_solver.Solver` per set of inputs, and a
solver files every exhaustion as one when no strike reads it (``Solver.canon``). These tests
check that the key is complete (inputs that differ in anything the solver reads get another
solver), that a shared solver, asked its states in any order, answers as a fresh solver asked
each state alone, and that the canonical exhaustion changes no value or decision.
"""

from __future__ import annotations

import itertools
import random

import pytest

from runeforge.engine.runebound.analysis import odds_exact
from runeforge.engine.runebound.analysis.odds_exact import exact_solver, shared_solver
from runeforge.engine.runebound.analysis.odds_solver import RoundAbility

HERO = {"name": "", "mind": 4, "body": 3, "spirit": 5, "ranged_damage": 1,
        "melee_damage": 2, "magic_damage": 1, "life": 6}
CHAL = {"name": "", "mind": 14, "body": 13, "spirit": 15, "ranged_damage": 1,
        "melee_damage": 2, "magic_damage": 1, "life": 5}
ALLY = {"name": "a0", "mind": 4, "body": 4, "spirit": 2, "ranged_damage": 1,
        "melee_damage": 1, "magic_damage": 0, "life": 2}
STRIKE = RoundAbility("Bolt", "bolt#0", "strike", (1,), 2, cost=2)
CANCEL = RoundAbility("Ward", "ward#0", "cancel", (-1, 0, 1, 2), 1)
OWL = RoundAbility("Owl", "owl#0", "cancel", (0, 1, 2), 1, holder="owl")


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.delenv("RUNEFORGE_NO_GAME_CACHES", raising=False)
    monkeypatch.setattr(odds_exact, "_SHARED", {})


def base(**more):
    args = {"hero": HERO, "challenge": CHAL, "allies": (ALLY,), "modifiers": None,
            "abilities": (STRIKE, OWL), "stamina": 4, "ally_ids": ("owl",)}
    args.update(more)
    return args


VARIANTS = {
    "hero attribute": {"hero": dict(HERO, body=4)},
    "hero damage": {"hero": dict(HERO, magic_damage=2)},
    "hero life": {"hero": dict(HERO, life=7)},
    "hero roll modifier": {"modifiers": {"melee_roll": 1}},
    "challenge attribute": {"challenge": dict(CHAL, mind=13)},
    "challenge damage": {"challenge": dict(CHAL, melee_damage=3)},
    "challenge life": {"challenge": dict(CHAL, life=6)},
    "ally attribute": {"allies": (dict(ALLY, spirit=3),)},
    "ally life": {"allies": (dict(ALLY, life=3),)},
    "ally name": {"allies": (dict(ALLY, name="a1"),)},
    "no ally": {"allies": (), "ally_ids": ()},
    "abilities": {"abilities": (STRIKE, OWL, CANCEL)},
    "strike cost": {"abilities": (RoundAbility("Bolt", "bolt#0", "strike", (1,), 2, cost=1),
                                  OWL)},
    "stamina (a strike reads it)": {"stamina": 3},
    "ally ids": {"ally_ids": ("hawk",)},
}


def test_the_same_inputs_share_one_solver():
    assert shared_solver(**base()) is shared_solver(**base(hero=dict(HERO), ally_ids=["owl"]))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_inputs_that_differ_in_anything_the_solver_reads_do_not_share(name):
    one, other = shared_solver(**base()), shared_solver(**base(**VARIANTS[name]))
    assert one is not other
    # and it is a real difference: the solver built from them is another one
    fresh_one, fresh_other = exact_solver(**base()), exact_solver(**base(**VARIANTS[name]))
    assert (fresh_one.hero, fresh_one.chal, fresh_one.allies, fresh_one.abilities,
            fresh_one.stamina, fresh_one.needs) != \
        (fresh_other.hero, fresh_other.chal, fresh_other.allies, fresh_other.abilities,
         fresh_other.stamina, fresh_other.needs)


def test_stamina_is_not_in_the_key_when_no_strike_reads_it():
    args = base(abilities=(CANCEL,))
    assert shared_solver(**args) is shared_solver(**dict(args, stamina=1))


def test_the_switch_gives_a_new_solver_each_time(monkeypatch):
    monkeypatch.setenv("RUNEFORGE_NO_GAME_CACHES", "1")
    assert shared_solver(**base()) is not shared_solver(**base())


def states(solver, exhaustions=(0, 1, 2, 3, 4)):
    return [(h, c, aw, (flags, e))
            for h, c, aw, flags, e in itertools.product(
                range(solver.hero.life), range(solver.chal.life),
                [tuple(w) for w in itertools.product(*(range(a.life + 1)
                                                       for a in solver.allies))],
                range(solver.all_flags + 1), exhaustions)]


@pytest.mark.parametrize("abilities", [(), (STRIKE,), (CANCEL, OWL), (STRIKE, CANCEL, OWL)])
def test_a_shared_solver_answers_as_fresh_ones_whatever_the_order(abilities):
    """Every round start and every chain node's decision and cancel of a solver asked in a
    random order equal those of a fresh solver asked that one state."""
    args = base(abilities=abilities)
    shared = shared_solver(**args)
    todo = states(shared)
    random.Random(38).shuffle(todo)
    for state in todo:
        shared.start_value(state)
    assert shared_solver(**args) is shared
    for state in todo[::7]:
        fresh = exact_solver(**args)
        assert fresh.start_value(state) == shared.start_value(state), state
        h, c, aw, extra = state
        for k, attacked in itertools.product(range(3), [(), ("hero",), ("a0",)]):
            if len(attacked) > k:
                continue  # no one attacks before the first phase
            assert fresh.decision(h, c, aw, k, attacked, extra) == \
                shared.decision(h, c, aw, k, attacked, extra)
        for key, choice in fresh.hit_choice.items():
            nk, mask, st, wounds = key
            assert shared.cancel_choice(nk - 1, mask, st, wounds) == choice


@pytest.mark.parametrize("abilities", [(), (CANCEL,), (CANCEL, OWL)])
def test_without_a_strike_exhaustion_changes_nothing(abilities):
    """The solver files every exhaustion as 0 when no strike reads it: the same values and
    decisions as a solver that files each exhaustion apart (canon switched off)."""
    canonical = exact_solver(**base(abilities=abilities))
    apart = exact_solver(**base(abilities=abilities))
    apart._exh_free = False
    assert canonical._exh_free
    for state in states(canonical):
        assert canonical.start_value(state) == apart.start_value(state)
        h, c, aw, extra = state
        for k, attacked in itertools.product(range(3), [(), ("hero",)]):
            if len(attacked) > k:
                continue
            assert canonical.decision(h, c, aw, k, attacked, extra) == \
                apart.decision(h, c, aw, k, attacked, extra)
    assert {s[3][1] for s in canonical.start} == {0}
    assert {s[3][1] for s in apart.start} == {0, 1, 2, 3, 4}


def test_with_a_strike_exhaustion_is_a_state_of_its_own():
    solver = exact_solver(**base(abilities=(STRIKE,), stamina=2))
    assert not solver._exh_free
    rested = solver.start_value((0, 3, (0,), (1, 0)))
    spent = solver.start_value((0, 3, (0,), (1, 1)))  # the strike costs 2: out of reach
    assert rested[0] > spent[0]


def random_side(rng, name, attribute, life):
    return {"name": name, "mind": rng.randint(*attribute), "body": rng.randint(*attribute),
            "spirit": rng.randint(*attribute), "ranged_damage": rng.randint(0, 2),
            "melee_damage": rng.randint(0, 3), "magic_damage": rng.randint(0, 2),
            "life": rng.randint(*life)}


def test_the_newton_step_that_skips_a_repeated_sweep_changes_nothing():
    """Solver.shortcut (no sweep when the choices at the new value would be the same) gives
    bit-identical values and the same choices as sweeping at every step, over random
    combats with and without an Ally and once-per-combat abilities; and it does skip."""
    rng = random.Random(3810)
    sweeps = {"fast": 0, "slow": 0}
    for trial in range(40):
        hero = random_side(rng, "", (0, 6), (3, 7))
        chal = random_side(rng, "", (8, 16), (2, 6))
        allies = (random_side(rng, "a0", (0, 5), (1, 3)),) if trial % 2 else ()
        abilities = [(), (STRIKE,), (CANCEL,), (STRIKE, CANCEL)][trial % 4]
        args = dict(hero=hero, challenge=chal, allies=allies, abilities=abilities,
                    stamina=rng.randint(0, 4))
        fast, slow = exact_solver(**args), exact_solver(**args)
        slow.shortcut = False
        for solver, name in ((fast, "fast"), (slow, "slow")):
            solver.start_value((0, 0, (0,) * len(allies), (solver.all_flags, 0)))
            sweeps[name] += solver.sweeps
        assert fast.start == slow.start
        assert fast.choice == slow.choice and fast.hit_choice == slow.hit_choice
        assert dict(fast.node) == dict(slow.node)
    assert sweeps["fast"] < sweeps["slow"]


def test_the_solvers_used_longest_ago_leave_when_the_states_pass_the_bound(monkeypatch):
    monkeypatch.setattr(odds_exact, "_SHARED_STATES", 30)
    first = shared_solver(**base())
    first.start_value((0, 0, (0,), (first.all_flags, 0)))
    assert len(first.start) >= 30
    second = shared_solver(**base(stamina=3))  # over the bound: the first one leaves
    assert list(odds_exact._SHARED.values()) == [second]
    assert shared_solver(**base()) is not first
    third = shared_solver(**base(stamina=2))
    assert shared_solver(**base(stamina=3)) is second  # used again: it stays
    assert list(odds_exact._SHARED.values())[-1] is second and third in \
        odds_exact._SHARED.values()


def test_forget_shared_starts_the_next_solve_cold():
    """bench_game's cold games call forget_shared: after it, the same inputs get a new
    solver, not the one an earlier game solved."""
    first = shared_solver(HERO, CHAL)
    assert shared_solver(HERO, CHAL) is first
    odds_exact.forget_shared()
    assert shared_solver(HERO, CHAL) is not first


def test_bot_odds_forget_drops_the_win_probabilities_and_the_solvers():
    """bench_odds' simulate runs and bench_game's cold games start from bot_odds.forget: no
    win probability an earlier game kept (exact_win would answer from it without asking a
    solver) and no shared solver."""
    from runeforge.engine.runebound.analysis import bot_odds

    first = shared_solver(HERO, CHAL)
    bot_odds._CACHE[("a key",)] = 0.5
    bot_odds.forget()
    assert not bot_odds._CACHE
    assert shared_solver(HERO, CHAL) is not first
