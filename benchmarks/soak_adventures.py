"""Soak: whole games of the bundled adventures, every seed in a range and 2-6 players, with
the game invariants checked after every step (debug mode). Prints, per adventure, how many
games ended with a winner, how many at the engine's turn cap, and the games per second.

    python benchmarks/soak_adventures.py [--first 1] [--last 100] [--dir DIR] [ADVENTURE ...]

``--dir`` adds a content directory (an adventure folder of your own).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

ADVENTURES = ("crown-of-the-elder-kings", "sceptre-of-kyros", "rise-of-the-dragon-lords")


def main(argv: list[str]) -> int:
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
    from runeforge.engine.runebound.analysis.bot_odds import make_bot

    ap = argparse.ArgumentParser()
    ap.add_argument("adventures", nargs="*", default=list(ADVENTURES))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=100)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--dir", action="append", default=[])
    args = ap.parse_args(argv)
    result = pipeline.check(args.dir)
    bundle = build_bundle(result.content, result.compiled)
    failures = 0
    for adventure in args.adventures:
        ends: Counter = Counter()
        capped = []
        start = time.perf_counter()
        games = 0
        for players in (int(p) for p in args.players.split(",")):
            for seed in range(args.first, args.last + 1):
                game = new_adventure_game(bundle, adventure=adventure, players=players,
                                          seed=seed, debug=True, make_bot=make_bot)
                try:
                    game.run()
                except Exception as exc:  # an invariant or engine error: report and go on
                    failures += 1
                    print(f"FAIL {adventure} players={players} seed={seed}: {exc!r}")
                    continue
                games += 1
                if game.state.winner:
                    ends["winner"] += 1
                else:
                    ends["no winner"] += 1
                    capped.append((players, seed))
        took = time.perf_counter() - start
        print(f"{adventure}: {games} games, {dict(ends)}, {games / took:.2f} games/s; "
              f"no winner: {capped[:30]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
