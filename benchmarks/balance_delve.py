"""Balance (not a test): the heroes' win rate and mean rounds of every bundled Delve trial.

For each trial of the bundled content (plus --dir content), 1-4 heroes, heuristic bots (or
--bots random), seeds --start .. --start+--seeds-1: plays the whole game with Delve's ``play``
entry and prints one table row per trial and hero count: games, the heroes' win rate, mean
rounds (over all games and over the heroes' wins) and how the games were lost. A trial whose
win rate with --judge heroes (default 3) is under 10 % is marked *hopeless*, over 95 %
*trivial* (issue 13: tune content numbers, never code, until none is).
Run: python benchmarks/balance_delve.py [--seeds 200] [--trial ID ...] [--jobs 1] [--dir DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from soak_delve import records

HOPELESS, TRIVIAL = 0.10, 0.95


def run_cell(trial: str, players: int, first: int, count: int, bots: str, dirs=()) -> dict:
    from runeforge.engine.delve.game.play import play_records

    recs = records(dirs)
    wins, rounds, win_rounds, lost = 0, 0, 0, Counter()
    for seed in range(first, first + count):
        r = play_records(recs, {"adventure": trial, "players": players, "seed": seed,
                                "bots": bots})
        rounds += r["rounds"]
        if r["winner"] == "heroes":
            wins += 1
            win_rounds += r["rounds"]
        else:
            lost[r["how"].split(" (")[0]] += 1
    return {"trial": trial, "players": players, "games": count, "wins": wins,
            "rounds": rounds, "win_rounds": win_rounds, "lost": lost}


def table(cells: list[dict], judge: int) -> list[str]:
    out = [f"{'trial':<28} {'heroes':>6} {'games':>5} {'win %':>6} {'rounds':>6} "
           f"{'win rd':>6}  lost by"]
    for c in cells:
        rate = c["wins"] / c["games"]
        mark = ""
        if c["players"] == judge:
            mark = "  HOPELESS" if rate < HOPELESS else "  TRIVIAL" if rate > TRIVIAL else ""
        win_rd = f"{c['win_rounds'] / c['wins']:.1f}" if c["wins"] else "-"
        lost = ", ".join(f"{k}: {v}" for k, v in sorted(c["lost"].items()))
        out.append(f"{c['trial']:<28} {c['players']:>6} {c['games']:>5} {100 * rate:>6.1f} "
                   f"{c['rounds'] / c['games']:>6.1f} {win_rd:>6}  {lost}{mark}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--trial", action="append", default=[])
    ap.add_argument("--bots", choices=["heuristic", "random"], default="heuristic")
    ap.add_argument("--judge", type=int, default=3, help="the hero count judged (default 3)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dir", action="append", default=[])
    args = ap.parse_args(argv)
    begin = time.perf_counter()
    dirs = tuple(args.dir)
    trials = args.trial or sorted(records(dirs).trials)
    jobs = [(t, n, args.start, args.seeds, args.bots, dirs) for t in trials for n in args.players]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            cells = list(pool.map(run_cell, *zip(*jobs, strict=True)))
    else:
        cells = [run_cell(*j) for j in jobs]
    print("\n".join(table(cells, args.judge)))
    flagged = [c["trial"] for c in cells if c["players"] == args.judge
               and not HOPELESS <= c["wins"] / c["games"] <= TRIVIAL]
    print(f"balance-delve: {len(trials)} trials x {len(args.players)} hero counts x "
          f"{args.seeds} seeds ({args.bots} bots), {time.perf_counter() - begin:.0f} s; "
          f"out of 10-95 % with {args.judge} heroes: {', '.join(flagged) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
