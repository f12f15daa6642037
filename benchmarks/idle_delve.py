"""Idle rounds of the heuristic Delve bots (not a test; issue 35).

Plays --games whole games with heuristic bots, game i with seed --start+i, cycling through the
trials (--trial, default the two bundled ones) and 1-4 heroes, and counts how the games ended.
A round is *idle* when no hero takes an action in it (no move, explore, recuperate, attack or
ability record between its ``round`` record and the next). For the games lost to the round
limit it prints how many end with 3 or more idle rounds in a row, and the idle rounds in all.
Run: python benchmarks/idle_delve.py [--games 200] [--start 1]
"""

from __future__ import annotations

import argparse
from collections import Counter

from soak_delve import records

ACTS = {"move", "explore", "recuperate", "attack", "ability"}


def idle_rounds(log: list) -> list[bool]:
    """For each round of the game, whether no hero acted in it."""
    rounds: list[bool] = []
    for r in log:
        if r["type"] == "round":
            rounds.append(True)
        elif r["type"] in ACTS and rounds:
            rounds[-1] = False
    return rounds


def trailing(idle: list[bool]) -> int:
    n = 0
    for flag in reversed(idle):
        if not flag:
            break
        n += 1
    return n


def main(argv=None) -> int:
    from runeforge.engine.delve.game.play import play_records

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--trial", nargs="+", default=["first-descent", "the-iron-warden"])
    args = ap.parse_args(argv)
    recs = records(())
    trials = args.trial
    ended, capped, idle_total, long_idle = Counter(), 0, 0, 0
    for i in range(args.games):
        trial, players = trials[i % len(trials)], 1 + (i // len(trials)) % 4
        r = play_records(recs, {"adventure": trial, "players": players,
                                "seed": args.start + i, "bots": "heuristic"})
        ended[r["how"].split(" (")[0]] += 1
        if "round limit" in r["how"]:
            capped += 1
            idle = idle_rounds(r["log"])
            idle_total += sum(idle)
            long_idle += trailing(idle) >= 3
    print(f"{args.games} games (trials {', '.join(trials)}; 1-4 heroes; heuristic bots)")
    for how, n in ended.most_common():
        print(f"  {how}: {n}")
    print(f"lost to the round limit: {capped}; of those, ending after 3 or more idle rounds: "
          f"{long_idle}; idle rounds in them: {idle_total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
