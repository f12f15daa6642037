"""How strong is the heuristic bot? The searching bot (``ismcts``) against three heuristic
bots, base rules, 4 players (issue 35).

Game i has seed SEED+i and puts the ismcts bot in seat i mod 4, so every seat is played
equally often and a first player's edge does not count for or against it. The same seeds
and budget give the same games on any machine (the budget is playouts, not seconds).

A fair share is 1/4. If the searching bot's 95 % interval lies above it, the heuristic bot
leaves wins on the table that a search finds; inside it, the search finds no edge at this
budget. Prints the win rate, its Wilson interval, the ratio to the fair share and how the
bot's wins came, and "met" when the heuristic bot holds its own (the interval reaches the
fair share), else "missed by" the gap.

Usage: python benchmarks/ismcts_strength.py [--games 40] [--budget 8] [--seed 1]
       [--workers 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _games import content  # noqa: E402

from runeforge.engine.common.sweep import wilson  # noqa: E402
from runeforge.engine.runebound.analysis import simulate as sim  # noqa: E402

PLAYERS = 4


def seats(i: int) -> str:
    names = ["heuristic"] * PLAYERS
    names[i % PLAYERS] = "ismcts"
    return ",".join(names)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--budget", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    bundle, _catalog = content()
    specs = [sim.GameSpec(args.seed + i, PLAYERS, bots=seats(i), budget=args.budget)
             for i in range(args.games)]
    start = time.perf_counter()
    results = sim.run_local(bundle, specs, workers=args.workers)
    elapsed = time.perf_counter() - start
    wins, how = 0, Counter()
    for i, r in enumerate(results):
        if r["winner"] == r["seats"][i % PLAYERS]:
            wins += 1
            how[r["ending"]] += 1
    n, fair = len(results), 1 / PLAYERS
    low, high = wilson(wins, n)
    rate = wins / n
    print(f"ismcts (budget {args.budget} playouts per decision) v 3 heuristic bots, base, "
          f"{PLAYERS} players, seeds {args.seed}..{args.seed + n - 1}, seat rotated")
    print(f"  ismcts won {wins} of {n} games: {rate:.1%} (95 % CI {low:.1%}-{high:.1%}); "
          f"fair share {fair:.0%}; ratio to fair share {rate / fair:.2f}")
    print("  its wins: " + (", ".join(f"{k} {v}" for k, v in sorted(how.items())) or "none"))
    verdict = ("met" if low <= fair else f"missed by {low - fair:.1%} (the search finds an "
               "edge the heuristic bot does not)")
    print(f"  heuristic bot holds its own against the search (interval reaches {fair:.0%}): "
          f"{verdict}")
    print(f"  {elapsed:.0f} s on this machine (not part of the verdict)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"budget": args.budget, "games": n, "wins": wins, "ci95": [low, high],
                       "how": dict(how), "results": results}, fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
