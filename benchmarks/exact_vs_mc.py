"""Exact odds against the engine's Monte Carlo (optimal policy) on every bundled Hero x
challenge pair the exact model covers (issue 19 item 5). Not a test: the suite checks a sample
(tests/test_odds_exact_before.py); this runs the whole set.

Prints the coverage report (which pairs are covered; for the others, the abilities the exact
model leaves out that can change the odds), then for each covered pair the exact win
probability, the Monte Carlo's and ``z`` = |difference| / sd (sd from the exact p and the
trials). Among many pairs some land beyond 3 sd by chance alone (0.27 % of them); the script
says how many did and how many chance explains, and fails (exit 1) only when a pair is beyond
the family-wise threshold (Bonferroni at 1 %) or the pooled deviation is beyond 3 sd.

    python benchmarks/exact_vs_mc.py [--trials 100000] [--ruleset base] [--match TEXT]
        [--every N] [--coverage-only]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def inverse_normal_tail(alpha: float) -> float:
    """z with P(|Z| > z) = alpha (bisection on erfc)."""
    lo, hi = 0.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if math.erfc(mid / math.sqrt(2)) > alpha:
            lo = mid
        else:
            hi = mid
    return hi


def main() -> int:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=200 if tiny else 100_000)
    ap.add_argument("--ruleset", default="base", choices=("base", "advanced"))
    ap.add_argument("--match", default="", help="only pairs whose 'hero v challenge' has this")
    ap.add_argument("--every", type=int, default=1, help="every Nth covered pair only")
    ap.add_argument("--coverage-only", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from runeforge import games, pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.commands import _combatcontent as cc
    from runeforge.commands.odds import exact
    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.core.ruleset import get_ruleset

    result = pipeline.check(())
    content = result.content.of_game(games.DEFAULT_GAME)
    bundle = build_bundle(result.content, result.compiled)
    catalog = Catalog(bundle)
    compiled = {c["id"]: c["abilities"] for c in bundle["cards"]}
    heroes = sorted(c.id for c in content.cards.values() if c.kind == "hero")
    chals = sorted(c.id for c in content.cards.values() if c.kind == "challenge")
    covered, left = [], {}
    for h in heroes:
        for c in chals:
            model = cc.static_model(compiled, h, c)
            if model.covered:
                covered.append((h, c))
            for i in model.ignored:
                if i["affects_odds"]:
                    left.setdefault((i["card"], i["text"], i["reason"]), []).append((h, c))
    total = len(heroes) * len(chals)
    print(f"coverage ({args.ruleset} rules): {len(covered)} of {total} bundled hero x challenge "
          f"pairs covered ({len(heroes)} heroes x {len(chals)} challenges)")
    by_hero = {h: sum(1 for x, _ in covered if x == h) for h in heroes}
    for h in heroes:
        print(f"  {h:<28} {by_hero[h]:>4} of {len(chals)} challenges covered")
    print("left out by the exact model (these make a pair uncovered):" if left else
          "left out by the exact model: nothing that can change the odds")
    for (card, text, reason), pairs in sorted(left.items()):
        print(f"  {card}: \"{text}\" ({reason}): {len(pairs)} pairs")
    uncovered = [(h, c) for h in heroes for c in chals if (h, c) not in set(covered)]
    print(f"uncovered pairs: {', '.join(f'{h} v {c}' for h, c in uncovered) or 'none'}")
    if args.coverage_only:
        return 0

    todo = [p for p in covered if args.match in f"{p[0]} v {p[1]}"][::max(1, args.every)]
    ruleset = get_ruleset(args.ruleset)
    print()
    print(f"exact v Monte Carlo (optimal policy, {args.trials} trials a pair, seed {args.seed}): "
          f"{len(todo)} covered pairs")
    print(f"{'pair':<56} {'exact':>8} {'MC':>8} {'z':>6} {'ms':>7}")
    zs, dev, var = [], 0.0, 0.0
    start = time.perf_counter()
    for h, c in todo:
        t = time.perf_counter()
        ex = exact(content, h, c, (), (), args.ruleset, compiled=compiled)
        ms = (time.perf_counter() - t) * 1000
        mc = monte_carlo_odds(catalog, h, c, trials=args.trials, seed=args.seed,
                              ruleset=ruleset, policy="optimal")
        p, n = ex["win"], args.trials
        sd = math.sqrt(max(p * (1 - p), 0.0) / n)
        diff = mc.win - p
        z = abs(diff) / sd if sd > 0 else (0.0 if diff == 0 else math.inf)
        zs.append(z)
        dev += diff * n
        var += p * (1 - p) * n
        label = f"{h} v {c}"[:56]
        print(f"{label:<56} {p:>8.4f} {mc.win:>8.4f} {z:>6.2f} {ms:>7.1f}", flush=True)
    if not zs:
        print("no pairs")
        return 0
    wall = time.perf_counter() - start
    alpha = 0.01 / len(zs)
    zmax = inverse_normal_tail(alpha)
    beyond3 = sum(z > 3 for z in zs)
    pooled = abs(dev) / math.sqrt(var) if var > 0 else 0.0
    ok = max(zs) <= zmax and pooled <= 3
    print(f"pairs beyond 3 sd: {beyond3} of {len(zs)} (chance alone: "
          f"{0.0027 * len(zs):.1f} expected); largest z {max(zs):.2f}, median "
          f"{statistics.median(zs):.2f}; family-wise 1 % threshold {zmax:.2f}; pooled "
          f"deviation {pooled:.2f} sd; {len(zs) * args.trials / wall:,.0f} combats/s")
    print(f"exact v Monte Carlo: {'agree' if ok else 'DISAGREE'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
