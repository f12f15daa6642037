"""Soak (not a test): many whole games with every invariant checked after every step.

Plays --games games (default 10,000): seeds from --start, 2-6 players, base and advanced
rules, random, heuristic and mixed bots (the same mix as tests/test_game_props.py, on other
seeds), in debug mode. Reports the count played, how they were won, the longest game and
every failure (an invariant broken, an engine error, or no winner: a game at the turn cap is
unfinished whether or not the board ran dry, issue 35). Exit 1 on any failure.
Run: python benchmarks/soak_games.py [--games 10000] [--start 100000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _games import content, play  # noqa: E402


def spec(i: int) -> dict:
    players = 2 + i % 5
    bots = ("random", "heuristic", "mixed")[i // 2 % 3]
    seats = ["random" if (bots == "random" or (bots == "mixed" and s % 2)) else "heuristic"
             for s in range(players)]
    return {"ruleset": ("base", "advanced")[i % 2], "players": players, "seed": i,
            "bots": seats}


def run_range(first: int, count: int):
    content()
    how, failures, longest = Counter(), [], (0, None)
    for i in range(first, first + count):
        try:
            game = play(debug=True, **spec(i))
        except Exception:  # noqa: BLE001 - a soak reports every failure and goes on
            failures.append((i, traceback.format_exc(limit=3)))
            continue
        s = game.state
        if s.winner is None:
            failures.append((i, f"no winner: {s.how}"))
        how[(s.how or "?").split(" (")[0].split(":")[0]] += 1
        longest = max(longest, (s.round, i))
    return how, failures, longest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--start", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    size = -(-args.games // jobs)
    ranges = [(args.start + k * size, min(size, args.games - k * size)) for k in range(jobs)]
    ranges = [r for r in ranges if r[1] > 0]
    how, failures, longest = Counter(), [], (0, None)
    if jobs == 1:
        results = [run_range(*r) for r in ranges]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(run_range, *zip(*ranges, strict=True)))
    for h, f, lg in results:
        how.update(h)
        failures += f
        longest = max(longest, lg)
    played = sum(how.values())
    print(f"soak: {played} games played ({args.games} asked), {len(failures)} failures, "
          f"{time.perf_counter() - start:.0f} s; longest {longest[0]} rounds (game "
          f"{longest[1]}); won by: {dict(how)}")
    for i, why in failures[:20]:
        print(f"  FAILED game {i} {spec(i)}:\n{why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
