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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    args = ap.parse_args()
    content()
    for ruleset in ("base", "advanced"):
        times = timed(args.games, ruleset=ruleset, players=4, bots="heuristic")
        debug = timed(max(3, args.games // 5), ruleset=ruleset, players=4, bots="heuristic",
                      debug=True)
        med = statistics.median(times)
        print(f"{ruleset}: 4 players, heuristic bots: median {med * 1000:.0f} ms a game, "
              f"{len(times) / sum(times):.1f} games/s; debug mode (invariants after every "
              f"step) x{statistics.median(debug) / statistics.median(times[:len(debug)]):.2f}")


if __name__ == "__main__":
    main()
