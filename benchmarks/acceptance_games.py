"""Acceptance of the whole game: seeds 1..200 x {base, advanced}, 4 players, heuristic bots
(what `runeforge play --players 4 --seed N [--ruleset R]` plays) all end with a winner.

Usage: python benchmarks/acceptance_games.py [--seeds 200] [--players 4] [--house-rule NAME]
Prints how each game was won, the longest game and the runtime; exit 1 if any game ends
without a winner.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _games import content, play  # noqa: E402

from runeforge.engine.runebound.bots.game_bot import stalled  # noqa: E402


def _why(game) -> str:
    """What was left when a game stopped without a winner: the fresh counters the Heroes
    could still play (``stalled`` per Hero, the doom track's refill counted) and the
    undefeated challenges on the track (High Lord Margath among them, say) that could still
    be fought. A game with either left is not "dry": the bots did not finish it."""
    s = game.state
    fresh = [h for h in s.seats if not stalled(game, h)]
    track = [u["card"] for u in s.undefeated_track]
    if not fresh and not track:
        return "; nothing left to play (no fresh counter, no undefeated challenge)"
    return (f"; left: fresh counters for {len(fresh)} Hero(es), undefeated challenges "
            f"{', '.join(track) or 'none'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--house-rule", action="append", default=[], metavar="NAME",
                    help="turn on a house rule (off by default, as in `runeforge play`)")
    args = ap.parse_args(argv)
    content()
    start = time.perf_counter()
    failures = []
    for ruleset in ("base", "advanced"):
        how, longest = Counter(), (0, 0)
        t0 = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            game = play(ruleset=ruleset, players=args.players, seed=seed,
                        house_rules=tuple(args.house_rule))
            s = game.state
            if s.winner is None:  # an unfinished game is a failure, whatever the board
                failures.append((ruleset, seed, s.how + _why(game)))
            how[(s.how or "?").split(" (")[0].split(":")[0]] += 1
            longest = max(longest, (s.round, seed))
        print(f"{ruleset}: {args.seeds} games in {time.perf_counter() - t0:.1f} s; longest "
              f"{longest[0]} rounds (seed {longest[1]}); won by: {dict(how)}")
    total = time.perf_counter() - start
    print(f"{2 * args.seeds} games, {len(failures)} without a winner, {total:.1f} s; house "
          f"rules: {', '.join(args.house_rule) or 'none'}")
    for ruleset, seed, why in failures:
        print(f"  NO WINNER: {ruleset} seed {seed}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
