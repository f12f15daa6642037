"""The optimal policy's table (engine/runebound/analysis/optimal_table.py): a kernel asking a
TablePlayer fights exactly as one asking the OptimalPlayer itself, question for question:
the same outcomes, wounds, exhaustion, gold, cards kept and dice consumed, over many seeds on
bundled pairs with Before Combat abilities, once-per-combat abilities, items, Allies, both
rulesets and experience bonuses."""

from __future__ import annotations

import random

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.runebound.analysis.odds_mc import make_player, monte_carlo_odds
from runeforge.engine.runebound.analysis.optimal_player import OptimalPlayer
from runeforge.engine.runebound.analysis.optimal_table import TablePlayer
from runeforge.engine.runebound.combat.kernel import compile_kernel
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE
from tests.engine_bundle import bundle

TRIALS = 150


@pytest.fixture(scope="module")
def cat():
    return Catalog(bundle())


def _fights(kernel, player, seed: int, trials: int = TRIALS):
    """Every combat's result tuple, the questions' answers, and the dice's state after."""
    dice = Dice(seed)
    out = kernel.run_stream(dice, trials, player=player)
    return out, dice._rng.getstate()


def _cases(cat):
    """The worked example's pair and the pairs with abilities the exact model plays, then a
    seeded sample of heroes, challenges, items, Allies, rulesets and experience bonuses."""
    rng = random.Random(28)
    cases = [("varikas-the-dead", "blood-of-the-bloodmother", (), (), BASE, {}),
             ("tessa-brightwater", "ironbound-ogre", ("dwarven-fire-bomb",), (), BASE, {}),
             ("hadrik-the-unbowed", "high-lord-margath", ("chain-mail",), (), ADVANCED,
              {"body": 2, "life": 1})]
    for h in cat.ids("hero"):
        c = rng.choice(cat.ids("challenge"))
        items = tuple(rng.sample(cat.ids("item"), rng.randint(0, 2)))
        allies = tuple(rng.sample(cat.ids("ally"), rng.randint(0, 1)))
        bonus = rng.choice([{}, {"mind": 2, "life": 1}, {"spirit": 6, "life": 3}])
        cases.append((h, c, items, allies, rng.choice([BASE, ADVANCED]), bonus))
    return cases


def test_the_table_player_fights_as_the_optimal_player(cat):
    bad, asked, solved = [], 0, 0
    for i, (h, c, items, allies, rules, bonus) in enumerate(_cases(cat)):
        kernel = compile_kernel(cat, h, c, items, allies, rules, mode="ask", hero_bonus=bonus)
        assert kernel.fallback is None, kernel.fallback
        table = TablePlayer()
        want = _fights(kernel, OptimalPlayer(), seed=i)
        got = _fights(kernel, table, seed=i)
        if got != want:
            first = next((n for n, (a, b) in enumerate(zip(got[0], want[0], strict=True)) if a != b), None)
            bad.append(f"{h} {items} {allies} v {c} ({rules.name}, {bonus}): combat {first}")
        asked, solved = asked + table.asked, solved + table.solved
    assert not bad, "\n".join(bad)
    assert solved < asked / 4, (solved, asked)  # the table answers most questions


def test_a_single_combat_records_the_same_decisions(cat):
    kernel = compile_kernel(cat, "varikas-the-dead", "blood-of-the-bloodmother", mode="ask")
    table = TablePlayer()
    for seed in range(40):
        want = kernel.run(Dice(seed), OptimalPlayer())
        assert kernel.run(Dice(seed), table) == want


def test_the_comparison_can_fail(cat):
    """A table with one answer changed fights differently: the comparison above sees it."""
    kernel = compile_kernel(cat, "varikas-the-dead", "blood-of-the-bloodmother", mode="ask")
    table = TablePlayer()
    want = _fights(kernel, table, seed=3)
    rows, _contexts, _memory = table.tables[kernel.digest]
    for key, row in rows.items():
        if key[0] == "phase_action" and row[0] == "attack" and "defend" in key[1]:
            rows[key] = ("defend", *row[1:])
            break
    else:
        pytest.fail("no attack to change")
    assert _fights(kernel, table, seed=3) != want


def test_the_monte_carlo_uses_the_table(cat):
    """policy='optimal' asks through the table and counts as the engine does."""
    assert isinstance(make_player("optimal"), TablePlayer)
    args = ("tessa-brightwater", "ironbound-ogre")
    fast = monte_carlo_odds(cat, *args, items=("dwarven-fire-bomb",), trials=200, seed=5,
                            policy="optimal")
    slow = monte_carlo_odds(cat, *args, items=("dwarven-fire-bomb",), trials=200, seed=5,
                            policy="optimal", use_kernel=False)
    assert fast.kernel == "compiled"
    assert (fast.outcomes, fast.wounds_taken) == (slow.outcomes, slow.wounds_taken)
