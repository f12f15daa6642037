"""Soak (not a test): many whole Delve games with every invariant checked after every step.

Plays --games games (default 10,000) over every trial of the bundled content (plus --dir
content): seeds from --start, 1-4 heroes, random and heuristic bots, in debug mode (the
engine's invariants, engine/delve/game/invariants.py, raise on the first broken one). Reports
the count played, how they ended, the longest game and every failure (an invariant broken or
an engine error). Exit 1 on any failure.
Run: python benchmarks/soak_delve.py [--games 10000] [--start 0] [--jobs 2] [--dir DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

_RECORDS = {}


def records(dirs=()):
    """The Delve records of the bundled content plus ``dirs`` (once per process)."""
    key = tuple(dirs)
    if key not in _RECORDS:
        from runeforge import pipeline
        from runeforge.backends.bundle import build_bundle
        from runeforge.engine.delve.game.state import Records

        result = pipeline.check(list(dirs))
        if not result.ok:
            raise SystemExit("content errors: " + "; ".join(map(str, result.diagnostics[:5])))
        _RECORDS[key] = Records.from_bundle(build_bundle(result.content, result.compiled))
    return _RECORDS[key]


def spec(i: int, trials: list[str]) -> dict:
    """Game ``i``: every trial, 1-4 heroes and both bots in turn."""
    return {"adventure": trials[i % len(trials)], "players": 1 + i // len(trials) % 4,
            "seed": i, "bots": ("random", "heuristic")[i // (4 * len(trials)) % 2],
            "debug": True}


def run_range(first: int, count: int, dirs=()):
    from runeforge.engine.delve.game.play import play_records

    recs = records(dirs)
    trials = sorted(recs.trials)
    how, failures, longest = Counter(), [], (0, None)
    for i in range(first, first + count):
        try:
            result = play_records(recs, spec(i, trials))
        except Exception:  # noqa: BLE001 - a soak reports every failure and goes on
            failures.append((i, traceback.format_exc(limit=4)))
            continue
        how[f"{result['winner']}: {result['how'].split(' (')[0]}"] += 1
        longest = max(longest, (result["rounds"], i))
    return how, failures, longest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dir", action="append", default=[])
    args = ap.parse_args(argv)
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    size = -(-args.games // jobs)
    ranges = [(args.start + k * size, min(size, args.games - k * size)) for k in range(jobs)]
    ranges = [r for r in ranges if r[1] > 0]
    dirs = tuple(args.dir)
    if jobs == 1:
        results = [run_range(first, count, dirs) for first, count in ranges]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(run_range, *zip(*ranges, strict=True),
                                    [dirs] * len(ranges)))
    how, failures, longest = Counter(), [], (0, None)
    for h, f, lg in results:
        how.update(h)
        failures += f
        longest = max(longest, lg)
    played = sum(how.values())
    trials = sorted(records(dirs).trials)
    print(f"soak-delve: {played} games played ({args.games} asked, {len(trials)} trials), "
          f"{len(failures)} failures, {time.perf_counter() - start:.0f} s; longest "
          f"{longest[0]} rounds (game {longest[1]}); ended: {dict(sorted(how.items()))}")
    for i, why in failures[:20]:
        print(f"  FAILED game {i} {spec(i, trials)}:\n{why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
