"""Exact odds with Before Combat against the engine (issue 19 item 5), on a sample.

`runeforge odds --exact` on bundled pairs whose abilities the exact model covers, against
`monte_carlo_odds` with the ``optimal`` policy (which takes the exact model's Before Combat
and phase decisions inside the real engine): each pair within 3 sd of the exact figure, and the
pairs pooled. The sample covers each kind of Before Combat text (a test, a test in the
advanced rules where exhaustion buys +1, "each Hero takes 1 wound", a success that wounds the
enemy, an attack of the Hero, an X cost, a lasting modifier) and the once-per-combat strike
and cancel the round loop plays. The whole bundled set, 100,000
trials a pair, is ``python benchmarks/exact_vs_mc.py`` (it prints the coverage report too).
"""

from __future__ import annotations

import json
import math

import pytest

from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE
from tests.engine_bundle import catalog

TRIALS = 3000
SAMPLE = [  # hero, challenge, items, ruleset
    ("varikas-the-dead", "blood-of-the-bloodmother", (), "base"),  # the worked example
    ("sable-quickwind", "herald-of-the-old-crown", (), "base"),
    ("brannoc-ironvow", "duke-of-hate", (), "base"),
    ("tessa-brightwater", "river-serpent", (), "advanced"),  # Swim: exhaustion for +1 each
    ("varikas-the-dead", "keeper-of-the-regalia", ("touch-of-death", "pact-stone"), "base"),
    ("mirela-of-the-salt-marsh", "sverke-ashbeard", (), "base"),  # a once-per-combat strike
    ("orrin-stonehand", "duke-of-hate", (), "base"),  # a cancel, Before Combat or later
    # an activated cancel sharing the Before Combat activation with an X attack
    ("varikas-the-dead", "blood-of-the-bloodmother", ("touch-of-death", "tower-shield"), "base"),
]
ALLY_SAMPLE = [("varikas-the-dead", "sverke-ashbeard", "brass-owl")]  # an Ally's cancel


@pytest.fixture(scope="module")
def cat():
    return catalog()


def exact(cli, hero, chal, items, ruleset):
    args = ["odds", "--hero", hero, "--challenge", chal, "--exact", "--ruleset", ruleset,
            "--format", "json"]
    for i in items:
        args += ["--item", i]
    res = cli(*args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_exact_agrees_with_the_engine_on_a_sample(cli, cat):
    dev = var = 0.0
    for hero, chal, items, ruleset in SAMPLE:
        ex = exact(cli, hero, chal, items, ruleset)
        assert ex["covered"], (hero, chal, ex["ignored"])
        assert any(a["effect"].startswith(("Before Combat", "once per combat"))
                   for a in ex["applied"])
        mc = monte_carlo_odds(cat, hero, chal, items, trials=TRIALS, seed=11,
                              ruleset=ADVANCED if ruleset == "advanced" else BASE,
                              policy="optimal")
        p = ex["win"]
        sd = math.sqrt(p * (1 - p) / TRIALS)
        assert abs(mc.win - p) <= 3 * sd + 1e-12, (hero, chal, p, mc.win, sd)
        dev += (mc.win - p) * TRIALS
        var += p * (1 - p) * TRIALS
    for hero, chal, ally in ALLY_SAMPLE:
        res = cli("odds", "--hero", hero, "--challenge", chal, "--ally", ally, "--exact",
                  "--format", "json")
        ex = json.loads(res.stdout)
        assert ex["covered"] and any(a["card"] == ally for a in ex["applied"])
        mc = monte_carlo_odds(cat, hero, chal, (), (ally,), trials=TRIALS, seed=11,
                              policy="optimal")
        p = ex["win"]
        sd = math.sqrt(p * (1 - p) / TRIALS)
        assert abs(mc.win - p) <= 3 * sd + 1e-12, (hero, chal, ally, p, mc.win, sd)
        dev += (mc.win - p) * TRIALS
        var += p * (1 - p) * TRIALS
    assert abs(dev) <= 3 * math.sqrt(var)


def test_worked_example_exact_lies_in_the_monte_carlo_interval(cli, cat):
    ex = exact(cli, "varikas-the-dead", "blood-of-the-bloodmother", (), "base")
    mc = monte_carlo_odds(cat, "varikas-the-dead", "blood-of-the-bloodmother", trials=6000,
                          seed=3, policy="optimal")
    # within 3 sd of the exact figure, as the sample above: the win is near 1 since the
    # heroes were tuned (issue 35), and a 95 % interval then misses by chance one seed in 20
    p = ex["win"]
    assert abs(mc.win - p) <= 3 * math.sqrt(p * (1 - p) / 6000) + 1e-12, (p, mc.win)
    assert {a["card"] for a in ex["applied"]} == {"varikas-the-dead", "blood-of-the-bloodmother"}


def test_uncovered_pair_says_so(cli):
    ex = exact(cli, "orrin-stonehand", "blood-of-the-bloodmother", ("shield-of-light",),
               "base")
    assert ex["covered"] is False
    assert [i["card"] for i in ex["ignored"] if i["affects_odds"]] == ["shield-of-light"]
    inert = exact(cli, "ilse-of-the-ninth-bell", "blood-of-the-bloodmother", (), "base")
    assert inert["covered"] is True  # "After combat, ..." cannot change the outcome
    assert [i["affects_odds"] for i in inert["ignored"]] == [False]


def test_full_check_script_runs_and_reports_coverage():
    """benchmarks/exact_vs_mc.py (the whole-set check) on one pair, so it cannot rot."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, str(root / "benchmarks" / "exact_vs_mc.py"),
                           "--trials", "300", "--match", "varikas-the-dead v blood-of"],
                          cwd=root, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert "bundled hero x challenge pairs covered" in out and "uncovered pairs:" in out
    assert "varikas-the-dead v blood-of-the-bloodmother" in out
    assert "exact v Monte Carlo: agree" in out
