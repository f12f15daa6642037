"""Monte Carlo odds with the engine (engine/runebound/analysis/odds_mc.py), issue 9 item 2.

Engine against exact: the cards come from a pack of plain cards written as real YAML and
compiled by the real pipeline. The engine fights about 2,000-4,000 combats a second here, so
20 pairs x 20,000 engine combats (400,000) would take minutes. The split:

* every one of the 20 plain pairs: 1,000 engine combats with the ``optimal`` policy, each
  within 3 sigma of the exact odds, and all 20,000 together in one pooled z-test (the sum of
  the deviations over the sum of the variances), which is as sharp as one 20,000-trial pair;
* a hand-computable case (one roll decides) with 20,000 engine combats, and one pair with
  5,000 where the Wilson interval and the expected wounds are checked too;
* the exact odds against a bare loop with 20,000 trials for 25 pairs (20 of them the bundled
  heroes v one challenge of each colour) is tests/test_odds_exact.py (its own restatement
  of the rules); benchmarks/bench_odds.py compares the engine's speed with such a loop.
"""

from __future__ import annotations

import math

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.runebound.analysis.odds_exact import exact_odds
from runeforge.engine.runebound.analysis.odds_mc import (
    McResult,
    OptimalPlayer,
    fight_once,
    monte_carlo_odds,
    wilson,
)
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE
from tests.engine_bundle import catalog
from tests.odds_support import (
    PLAIN_ALLY,
    PLAIN_CHALLENGES,
    PLAIN_HEROES,
    kebab,
    plain_catalog,
    write_plain_pack,
)


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    root = write_plain_pack(tmp_path_factory.mktemp("odds") / "plain-pack")
    return plain_catalog(root)


@pytest.fixture(scope="module")
def bundled():
    return catalog()


def exact_for(cat, hero_id, chal_id, allies=(), margin=0):
    def d(card_id):
        data = cat.card(card_id).data
        out = {k: data[k] for k in ("mind", "body", "spirit", "ranged_damage", "melee_damage",
                                    "magic_damage", "life")}
        out["life"] += margin
        out["name"] = card_id
        return out
    return exact_odds(d(hero_id), d(chal_id), [d(a) for a in allies])


PAIRS = [(kebab(h), kebab(c)) for h in PLAIN_HEROES for c in PLAIN_CHALLENGES]


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and round(lo, 4) == 0.7225
    assert wilson(0, 0) == (0.0, 1.0)
    # narrower with more trials, always around the estimate
    a, b = wilson(600, 1000), wilson(6000, 10000)
    assert a[0] < b[0] < 0.6 < b[1] < a[1]


def test_plain_cards_have_no_abilities(plain):
    for hero_id, chal_id in PAIRS:
        assert not plain.card(hero_id).abilities and not plain.card(chal_id).abilities


def test_engine_agrees_with_exact_on_twenty_plain_pairs(plain):
    assert len(PAIRS) >= 20
    n = 1000
    dev = var = 0.0
    for i, (hero_id, chal_id) in enumerate(PAIRS):
        p = exact_for(plain, hero_id, chal_id).win
        assert 0.15 < p < 0.97  # pairs where the odds are informative
        res = monte_carlo_odds(plain, hero_id, chal_id, trials=n, seed=100 + i,
                               policy="optimal")
        assert res.outcomes.get("escaped", 0) == 0 and res.outcomes.get("abandoned", 0) == 0
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(res.win - p) <= 3 * sigma, (hero_id, chal_id, res.win, p, sigma)
        dev += res.wins - n * p
        var += n * p * (1 - p)
    assert abs(dev / math.sqrt(var)) <= 3.0, dev / math.sqrt(var)


def test_engine_interval_and_wounds_agree_with_exact(plain):
    hero_id, chal_id = kebab("Plain Seer"), kebab("Plain Ogre")
    exact = exact_for(plain, hero_id, chal_id)
    n = 5000
    res = monte_carlo_odds(plain, hero_id, chal_id, trials=n, seed=7, policy="optimal")
    sigma = math.sqrt(exact.win * (1 - exact.win) / n)
    assert abs(res.win - exact.win) <= 3 * sigma, (res.win, exact.win, sigma)
    lo, hi = res.ci
    assert lo < exact.win < hi
    # the wounds taken agree too (loose: 3 standard errors of a spread of at most Life)
    assert abs(res.expected_hero_wounds - exact.expected_hero_wounds) < 3 * 5 / math.sqrt(n)


def test_hand_computable_one_roll_decides(tmp_path):
    # Hero: Mind 5, only ranged damage 1, Life 1; challenge: Mind 15, only ranged damage 1,
    # Life 1. Defending changes nothing later (no damage in melee or magic), so the optimal
    # play attacks in the ranged phase: P(2d10 >= 10) = 1 - (1+2+...+8)/100 = 0.64.
    root = write_plain_pack(tmp_path / "one-roll", {
        "Coin Flip": ("green", 15, 30, 30, 1, 0, 0, 1)})
    (root / "heroes.yaml").write_text(
        "kind: hero\ncards:\n  - name: One Shot\n    origin: original\n    mind: 5\n"
        "    body: 0\n    spirit: 0\n    ranged_damage: 1\n    melee_damage: 0\n"
        "    magic_damage: 0\n    life: 1\n    stamina: 1\n", encoding="utf-8")
    cat = plain_catalog(root)
    assert exact_for(cat, "one-shot", "coin-flip").win == pytest.approx(0.64, abs=1e-12)
    n = 20_000
    res = monte_carlo_odds(cat, "one-shot", "coin-flip", trials=n, seed=3, policy="optimal")
    assert abs(res.win - 0.64) <= 3 * math.sqrt(0.64 * 0.36 / n), res.win
    assert res.outcomes == {"defeated": res.wins, "knocked_out": n - res.wins}


def test_ally_and_advanced_rules_agree_with_exact(plain):
    ally = kebab(PLAIN_ALLY[0])
    n = 2000
    cases = [((ally,), BASE, 0), ((), ADVANCED, 1)]
    for allies, rules, margin in cases:
        exact = exact_for(plain, "plain-walker", "plain-ogre", allies, margin=margin)
        res = monte_carlo_odds(plain, "plain-walker", "plain-ogre", allies=allies, trials=n,
                               seed=11, ruleset=rules, policy="optimal")
        sigma = math.sqrt(exact.win * (1 - exact.win) / n)
        assert abs(res.win - exact.win) <= 3 * sigma, (allies, rules.name, res.win, exact.win)
    # the ally helps, and advanced rules (defeat at wounds > Life) change the odds
    assert exact_for(plain, "plain-walker", "plain-ogre", (ally,)).win > \
        exact_for(plain, "plain-walker", "plain-ogre").win + 0.02


def test_seeded_and_reproducible_and_each_trial_replays(bundled):
    args = (bundled, "varikas-the-dead", "blood-of-the-bloodmother")
    a = monte_carlo_odds(*args, trials=300, seed=5)
    b = monte_carlo_odds(*args, trials=300, seed=5)
    c = monte_carlo_odds(*args, trials=300, seed=6)
    assert a.to_dict() == b.to_dict()
    assert (a.outcomes, a.wounds_taken) != (c.outcomes, c.wounds_taken)
    # the trials of seed S are engine fights one after the other on Dice(S)
    counts: dict = {}
    dice = Dice(5)
    for _ in range(300):
        result, _ = fight_once(*args, dice=dice)
        counts[result.outcome] = counts.get(result.outcome, 0) + 1
    assert counts == a.outcomes


def test_compiled_effects_change_the_odds(bundled):
    """The Monte Carlo runs the cards' abilities: a Dwarven Fire Bomb (Before Combat ranged
    attack, 2 wounds) and a Belt of Strength (+3 Body) raise the odds with the engine."""
    hero, chal = "orrin-stonehand", "ironbound-ogre"  # core cards; Orrin fights in melee
    base = monte_carlo_odds(bundled, hero, chal, trials=800, seed=1)
    belt = monte_carlo_odds(bundled, hero, chal, items=("belt-of-strength",), trials=800,
                            seed=1)
    assert belt.ci[0] > base.ci[1], (base.to_dict(), belt.to_dict())
    h, c = "tessa-brightwater", "ironbound-ogre"
    plain = monte_carlo_odds(bundled, h, c, trials=800, seed=2)
    bomb = monte_carlo_odds(bundled, h, c, items=("dwarven-fire-bomb",), trials=800, seed=2)
    assert bomb.win > plain.win + 3 * math.hypot(plain.std_error, bomb.std_error), \
        (plain.to_dict(), bomb.to_dict())


def test_bot_policy_may_escape_optimal_never(bundled):
    args = (bundled, "varikas-the-dead", "blood-of-the-bloodmother")
    bot = monte_carlo_odds(*args, trials=800, seed=9, policy="bot")
    opt = monte_carlo_odds(*args, trials=800, seed=9, policy="optimal")
    assert bot.outcomes.get("escaped", 0) > 0
    assert "escaped" not in opt.outcomes
    assert sum(opt.outcomes.values()) == 800


def test_optimal_player_caches_solves(plain):
    player = OptimalPlayer()
    for i in range(50):
        fight_once(plain, "plain-seer", "plain-ogre", seed=i, player=player)
    assert 0 < len(player.cache) < 50  # round-start situations recur across trials


def test_result_dict_and_bad_input(bundled):
    res = monte_carlo_odds(bundled, "varikas-the-dead", "hungry-wolves", trials=50, seed=0)
    d = res.to_dict()
    assert d["trials"] == 50 and d["ci95"][0] <= d["win"] <= d["ci95"][1]
    assert sum(d["outcomes"].values()) == 50
    assert isinstance(res, McResult) and res.share("defeated") == res.win
    with pytest.raises(ValueError, match="trials"):
        monte_carlo_odds(bundled, "varikas-the-dead", "hungry-wolves", trials=0)
    with pytest.raises(ValueError, match="seed"):
        monte_carlo_odds(bundled, "varikas-the-dead", "hungry-wolves", seed=-1)
    with pytest.raises(ValueError, match="policy"):
        monte_carlo_odds(bundled, "varikas-the-dead", "hungry-wolves", policy="greedy")
    from runeforge.engine.common.errors import BundleError

    with pytest.raises(BundleError, match="did you mean 'hungry-wolves'"):
        monte_carlo_odds(bundled, "varikas-the-dead", "hungry-wolfs", trials=5)


def test_hero_bonus_raises_printed_stats(plain):
    args = (plain, "plain-walker", "plain-ogre")
    base = monte_carlo_odds(*args, trials=600, seed=4, policy="optimal")
    strong = monte_carlo_odds(*args, trials=600, seed=4, policy="optimal",
                              hero_bonus={"mind": 4, "life": 2})
    exact = exact_for(plain, "plain-walker", "plain-ogre")
    assert strong.ci[0] > base.ci[1] and strong.win > exact.win
    with pytest.raises(ValueError, match="printed stat"):
        monte_carlo_odds(*args, trials=5, hero_bonus={"mind_roll": 1})
