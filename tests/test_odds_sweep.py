"""The exact odds' code generated per shape computes what its plain definition computes, bit
for bit, over random combats with 0-2 Allies and once-per-combat strikes and cancels: the
Newton iteration (odds_sweep.kernel against odds_sweep.reference: the same start values, node
values, choices and number of sweeps, with and without the shortcut) and a state's rows
(odds_rows.row_kernel against Solver._row, node by node), and the two joined in one function
(odds_fused.fused_kernel, solvers without strikes) against the same; and a lean solver (the
bots': wins and wounds only) against a full one. The games' logs rest on it (the bots play
the solver's choices)."""

from __future__ import annotations

import random

import pytest

from runeforge.engine.runebound.analysis import odds_fused, odds_rows, odds_sweep
from runeforge.engine.runebound.analysis.odds_exact import exact_solver
from runeforge.engine.runebound.analysis.odds_solver import RoundAbility

STRIKE = RoundAbility("Bolt", "bolt#0", "strike", (1,), 2, cost=2)
CANCEL = RoundAbility("Ward", "ward#0", "cancel", (-1, 0, 1, 2), 1)
OWL = RoundAbility("Owl", "owl#0", "cancel", (0, 1, 2), 1, holder="a1")


def side(rng, name, attribute, life):
    return {"name": name, "mind": rng.randint(*attribute), "body": rng.randint(*attribute),
            "spirit": rng.randint(*attribute), "ranged_damage": rng.randint(0, 2),
            "melee_damage": rng.randint(0, 3), "magic_damage": rng.randint(0, 2),
            "life": rng.randint(*life)}


def solved(trial: int, lean: bool = False):
    rng = random.Random(9000 + trial)
    allies = tuple(side(rng, f"a{i}", (0, 5), (1, 3)) for i in range(trial % 3))
    abilities = [(), (STRIKE,), (CANCEL,), (STRIKE, CANCEL)][trial % 4]
    if len(allies) == 2 and trial % 5 == 0:
        abilities += (OWL,)
    solver = exact_solver(side(rng, "", (0, 6), (3, 6)), side(rng, "", (8, 16), (2, 5)),
                          allies, abilities=abilities, stamina=rng.randint(0, 4),
                          ally_ids=tuple(f"a{i}" for i in range(len(allies))), lean=lean)
    solver.start_value((0, 0, (0,) * len(allies), (solver.all_flags, 0)))
    return solver


def bits(x):
    return repr(x)  # floats by their shortest exact form: -0.0 and 0.0 differ


@pytest.mark.parametrize("trial", range(24))
def test_the_generated_iteration_is_the_plain_loop_bit_for_bit(trial):
    solver = solved(trial)
    assert solver.start
    filed = dict(solver.hit_choice)  # the cancels the solve filed, by node mask
    fused = 0
    for state in list(solver.start):
        alive = solver._alive_mask(state[2])
        keys = solver._chain_keys(alive)
        rows = [solver._row(k, m, state, alive) for k, m in keys]
        generated = odds_rows.row_kernel(alive, not solver.abilities, keys)(solver, state)
        assert bits(generated) == bits(rows)
        for shortcut in (True, False):
            want = odds_sweep.reference(keys, rows, state[0], shortcut)
            got = odds_sweep.kernel(alive, keys, rows)(rows, state[0], shortcut)
            assert bits(got) == bits(want)
            if not any(ab.kind == "strike" for ab in solver.abilities):
                joined = odds_fused.fused_kernel(alive, not solver.abilities, keys)
                assert bits(joined(solver, state, shortcut)) == bits(want)
                fused += 1
        # and it is what the solver filed for the state
        assert bits((solver.start[state], solver.node[state], solver.choice[state])) == \
            bits(want[:3])
    # _row asked nothing the generated rows had not asked (the decide_cancel the bots call
    # reads a cancel by the mask of the node it is asked at)
    assert solver.hit_choice == filed
    # the rows and the iteration joined (solvers without strikes) checked on every state
    assert fused == (0 if solver._any_strike else 2 * len(solver.start))


def test_a_kernel_is_generated_once_a_shape():
    odds_sweep._KERNELS.clear()
    for trial in range(4):
        solved(trial)
    shapes = dict(odds_sweep._KERNELS)
    assert shapes
    for trial in range(4):
        solved(trial)
    assert odds_sweep._KERNELS == shapes  # the same functions, none new


def test_a_joined_kernel_is_generated_once_an_alive_mask_and_kind():
    odds_fused._KERNELS.clear()
    for trial in (0, 2, 4, 6):  # no strike: the joined function solves them
        solved(trial)
    kinds = dict(odds_fused._KERNELS)
    assert kinds and all(isinstance(alive, int) and isinstance(plain, bool) and lean is False
                         for alive, plain, lean in kinds)
    for trial in (0, 2, 4, 6):
        solved(trial)
    assert odds_fused._KERNELS == kinds  # the same functions, none new


def lean_part(vector):
    """What a lean solver keeps of a 5-vector: wins and the Hero's final wounds."""
    return vector[0], vector[3]


@pytest.mark.parametrize("trial", range(24))
def test_a_lean_solver_keeps_the_full_solvers_wins_wounds_and_choices_bit_for_bit(trial):
    """The bots' solvers are lean (Solver.lean): the joined kernel works out wins and the
    Hero's final wounds only. Every state the full solve filed is filed by the lean one, with
    the same wins, wounds, choices and cancels, bit for bit (their choices read nothing
    else); the rest of a lean vector is 0.0 (with a strike, the rows' path solves, its
    generated iteration lean too)."""
    full, lean = solved(trial), solved(trial, lean=True)
    assert lean.start.keys() == full.start.keys()
    for state, vector in full.start.items():
        assert bits(lean_part(lean.start[state])) == bits(lean_part(vector))
        assert lean.node[state].keys() == full.node[state].keys()
        for key, values in full.node[state].items():
            got = lean.node[state][key]
            assert bits(lean_part(got)) == bits(lean_part(values))
            assert got[1] == got[2] == got[4] == 0.0 or (got[2] == 1.0 and key == 3)
    assert lean.choice == full.choice
    assert lean.hit_choice == full.hit_choice
    assert lean.sweeps == full.sweeps


def test_a_lean_solver_refuses_to_report_a_combat():
    """solve() reports loss and stalemate, which a lean solver does not work out."""
    with pytest.raises(ValueError, match="lean"):
        solved(0, lean=True).solve(0)
