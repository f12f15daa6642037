"""Benchmark (not a test): Delve line-of-sight checks per second (R20, A8).

Builds a board of three joined chambers with inner walls and rational obstructions, draws
seeded pairs of cells, and times the engine's exact check (integer separating axes) against
the independent brute force of the tests (every grid-line crossing on Fractions), on the same
pairs; both must agree. Prints both rates and their ratio.
Run: python benchmarks/bench_delve_sight.py [--pairs N]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.delve_sight_brute

from runeforge.engine.delve.board.placement import place, start_board  # noqa: E402
from runeforge.engine.delve.board.sight import sees  # noqa: E402
from runeforge.engine.delve.board.tiles import Tile  # noqa: E402
from tests.delve_sight_brute import brute_blocked  # noqa: E402

TILES = [
    {"name": "Pillared Hall", "size": [8, 6], "walls": [[[3, 0], [3, 2]], [[5, 4], [8, 4]]],
     "obstructions": [[[2, 3], ["5/2", 3], ["5/2", "7/2"], [2, "7/2"]],
                      [["11/2", "3/2"], ["13/2", 2], ["11/2", "5/2"]]],
     "exits": [{"id": "east", "side": "east", "at": 1, "width": 2}]},
    {"name": "Crooked Gallery", "size": [6, 7], "void": [[5, 6], [4, 6]],
     "walls": [[[2, 3], [5, 3]]], "obstructions": [[[1, 5], ["4/3", "16/3"], [1, 6]]],
     "exits": [{"id": "west", "side": "west", "at": 1, "width": 2},
               {"id": "south", "side": "south", "at": 0, "width": 2}]},
    {"name": "Sunken Vault", "size": [7, 5], "walls": [[[4, 1], [4, 5]]],
     "obstructions": [[["5/2", "5/2"], [3, "5/2"], [3, 3]]],
     "exits": [{"id": "north", "side": "north", "at": 0, "width": 2}]},
]


def build():
    tiles = [Tile.from_record({**t, "origin": "original"}) for t in TILES]
    board = start_board(tiles[0])
    gallery = place(board, tiles[1], board.chambers[0].exits["east"])
    place(board, tiles[2], gallery.exits["south"])
    return board


def measure(count: int) -> None:
    """Time ``count`` seeded pairs (a fifth of them by brute force too) and print the rates;
    bench_delve.py reuses it."""
    board = build()
    rng = random.Random(2026)
    cells = sorted(board.owner)
    pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(count)]

    t0 = time.perf_counter()
    fast = [sees(board, a, b) for a, b in pairs]
    t_fast = time.perf_counter() - t0
    few = pairs[: max(1, count // 5)]
    t0 = time.perf_counter()
    slow = [brute_blocked(board, a, b) is None for a, b in few]
    t_slow = time.perf_counter() - t0
    assert fast[: len(few)] == slow, "exact sight and brute force disagree"

    fast_rate, slow_rate = len(pairs) / t_fast, len(few) / t_slow
    print(f"board: {len(board.chambers)} chambers, {len(cells)} cells, "
          f"{len(board.blocked)} wall edges, {len(board.obstructions)} obstructions")
    print(f"visible pairs: {sum(fast)} of {len(pairs)}")
    print(f"exact sight  : {fast_rate:10.1f} checks/s")
    print(f"brute force  : {slow_rate:10.1f} checks/s ({len(few)} pairs)")
    print(f"sight ratio  : {fast_rate / slow_rate:10.1f}x")


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=300 if tiny else 20000)
    measure(parser.parse_args().pairs)


if __name__ == "__main__":
    main()
