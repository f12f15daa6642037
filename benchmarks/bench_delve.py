"""Benchmark (not a test): whole Delve games per second, and line-of-sight checks per second.

Plays seeded whole games of every bundled trial with heuristic bots (1-4 heroes), once
plainly and once in debug mode (every invariant checked after every step), and prints the
games per second of each and their ratio. Then the line-of-sight measurement of
bench_delve_sight.py (the engine's exact check against the tests' brute force, on the same
pairs), reused rather than repeated here.
Run: python benchmarks/bench_delve.py [--games N] [--pairs N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_delve_sight, soak_delve

from bench_delve_sight import measure  # noqa: E402
from soak_delve import records  # noqa: E402

from runeforge.engine.delve.game.play import play_records  # noqa: E402


def games_per_second(recs, count: int, debug: bool) -> tuple[float, dict]:
    trials = sorted(recs.trials)
    wins: dict = {}
    start = time.perf_counter()
    for i in range(count):
        trial = trials[i % len(trials)]
        result = play_records(recs, {"adventure": trial, "players": 1 + i // len(trials) % 4,
                                     "seed": i, "bots": "heuristic", "debug": debug})
        wins[trial] = wins.get(trial, 0) + (result["winner"] == "heroes")
    return count / (time.perf_counter() - start), wins


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8 if tiny else 200)
    parser.add_argument("--pairs", type=int, default=300 if tiny else 20000)
    args = parser.parse_args()
    recs = records()
    plain, wins = games_per_second(recs, args.games, debug=False)
    checked, _ = games_per_second(recs, args.games, debug=True)
    print(f"trials: {', '.join(f'{t} (heroes won {n})' for t, n in sorted(wins.items()))}")
    print(f"whole games  : {plain:10.1f} games/s ({args.games} games, heuristic bots)")
    print(f"debug games  : {checked:10.1f} games/s (every invariant after every step)")
    print(f"debug cost   : {plain / checked:10.2f}x")
    measure(args.pairs)


if __name__ == "__main__":
    main()
