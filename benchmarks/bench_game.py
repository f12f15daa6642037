"""Benchmark (not a test): whole games of the bundled adventure played by bots.

Prints the median time of a 4-player game with heuristic bots (base and advanced rules), the
games per second, and, measured in the same run, the cost of debug mode (invariants after
every step) as a ratio.
Run: python benchmarks/bench_game.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _games import content, play  # noqa: E402


def timed(n: int, **options) -> list[float]:
    out = []
    for seed in range(1, n + 1):
        start = time.perf_counter()
        play(seed=seed, **options)
        out.append(time.perf_counter() - start)
    return out


def timed_one(seed: int, **options) -> float:
    start = time.perf_counter()
    play(seed=seed, **options)
    return time.perf_counter() - start


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1 if tiny else 30)
    args = ap.parse_args()
    content()
    for ruleset in ("base", "advanced"):
        times = timed(args.games, ruleset=ruleset, players=4, bots="heuristic")
        ratios = []  # the same seed with and without debug, interleaved
        for seed in range(1, max(3, args.games // 5) + 1):
            plain = timed_one(seed, ruleset=ruleset, players=4, bots="heuristic")
            debug = timed_one(seed, ruleset=ruleset, players=4, bots="heuristic", debug=True)
            ratios.append(debug / plain)
        med = statistics.median(times)
        print(f"{ruleset}: 4 players, heuristic bots: median {med * 1000:.0f} ms a game, "
              f"{len(times) / sum(times):.1f} games/s; debug mode (invariants after every "
              f"step) x{statistics.median(ratios):.2f} the time of the same game")


if __name__ == "__main__":
    main()
