"""Benchmark (not a test): reachable-set computations per second on the bundled board.

Compares the exact (space, used-dice mask) search with a brute force (every walk, every
permutation of dice) on the same seeded rolls, and prints both rates and their ratio.
Run: python benchmarks/bench_movement.py [--rolls N]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from itertools import permutations

from runeforge.engine.runebound.core.rulesdata import bundled_document
from runeforge.engine.runebound.game.board import Board
from runeforge.engine.runebound.game.movement import MovementDice, reachable


def brute(board: Board, start: str, rolled) -> frozenset:
    def ok(space, face):
        t = board.terrain(space)
        return t == "town" or t in face

    ends, frontier = {start}, [(start,)]
    for _ in range(len(rolled)):
        nxt = []
        for walk in frontier:
            for n in board.neighbours(walk[-1]):
                cand = walk + (n,)
                steps = cand[1:]
                if any(all(ok(s, rolled[d]) for s, d in zip(steps, p, strict=True))
                       for p in permutations(range(len(rolled)), len(steps))):
                    nxt.append(cand)
                    ends.add(n)
        frontier = nxt
    return frozenset(ends)


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rolls", type=int, default=10 if tiny else 300)
    args = parser.parse_args()
    board = Board.from_dict(bundled_document("board"))
    dice = MovementDice.from_dict(bundled_document("movement-dice"))
    rng = random.Random(2026)
    starts = sorted(board.spaces)
    cases = [(rng.choice(starts), dice.roll(rng.randint(1, 5), rng)) for _ in range(args.rolls)]

    t0 = time.perf_counter()
    fast = [reachable(board, s, r) for s, r in cases]
    t_fast = time.perf_counter() - t0
    few = cases[: max(1, args.rolls // 10)]
    t0 = time.perf_counter()
    slow = [brute(board, s, r) for s, r in few]
    t_slow = time.perf_counter() - t0
    assert fast[: len(few)] == slow, "search and brute force disagree"

    fast_rate = len(cases) / t_fast
    slow_rate = len(few) / t_slow
    print(f"board: {len(board)} spaces; rolls of 1-5 dice, {len(cases)} cases")
    print(f"exact search : {fast_rate:10.1f} reachable sets/s")
    print(f"brute force  : {slow_rate:10.1f} reachable sets/s ({len(few)} cases)")
    print(f"ratio        : {fast_rate / slow_rate:10.1f}x")


if __name__ == "__main__":
    main()
