"""Soak: whole campaigns of the bundled campaign, each of its nine adventures played by the
adventure game's ``play`` entry (Delve) with bots, 1-4 heroes, both bots, and the campaign
invariants checked after every step. Prints how many campaigns each side won, how many
failed, and campaigns per second. Exit status 1 if any campaign failed.

    python benchmarks/soak_campaign.py [--games 2000] [--start 1] [--dir DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter


def main(argv: list[str]) -> int:
    from runeforge import games, pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules.invariants import check
    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--dir", action="append", default=[])
    args = ap.parse_args(argv)
    result = pipeline.check(args.dir)
    if not result.ok:
        print("content errors; run `runeforge check`", file=sys.stderr)
        return 1
    bundle = build_bundle(result.content, result.compiled)
    data = CampaignData(bundle)
    play = games.get(data.doc["adventure_game"]).entry("play")
    heroes = [c["id"] for c in bundle["cards"]
              if c.get("game") == data.doc["adventure_game"] and c.get("kind") == "hero"]
    classes = data.doc["classes"]
    ends: Counter = Counter()
    failed = 0
    start = time.perf_counter()
    for seed in range(args.start, args.start + args.games):
        least = int(data.rule("min_heroes", default=1) or 1)  # B13: no one-hero campaign
        n = least + seed % (min(4, len(classes), len(heroes)) - least + 1)
        seats = [(f"P{i + 1}", heroes[(seed + i) % len(heroes)], classes[i]) for i in range(n)]
        bots = "random" if seed % 2 else "heuristic"
        try:
            game = play_campaign(data, seed, seats, "Overlord", BotRunner(play, bundle, bots),
                                 bots=bots, debug=True)
            check(data, game.sheet)
            if len(game.sheet["played"]) != 9 or game.sheet["winner"] is None:
                raise AssertionError("the campaign did not play nine adventures to a winner")
            ends[game.sheet["winner"]] += 1
        except Exception:  # noqa: BLE001 - a soak reports every failure and goes on
            failed += 1
            print(f"seed {seed} ({n} heroes, {bots}) failed:", file=sys.stderr)
            traceback.print_exc()
    elapsed = time.perf_counter() - start
    print(f"campaigns played: {args.games}   heroes won: {ends['heroes']}   overlord won: "
          f"{ends['overlord']}   failed: {failed}   {args.games / elapsed:.2f} campaigns/s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
