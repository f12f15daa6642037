"""Balance of the bundled campaign: seeded whole campaigns with the heuristic bots (each
adventure played by the adventure game's ``play``, the sheet's state carried in) for 2, 3 and
4 heroes. Prints, per hero count: the campaign winner rate (heroes vs overlord), each
adventure's hero win rate (wins / plays), the mean gold left in the purse at the end and the
mean XP left, and whether the heroes' share is within the fair band (``--band``, 35-65 %,
issue 34): "met", or "missed by" how many points. Exit status 1 when a hero count misses.

    python benchmarks/balance_campaign.py [--games 200] [--players 2 3 4] [--start 1]
                                          [--bots heuristic] [--band 0.35 0.65] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict


def measure(bundle, data, play, players: int, games: int, start: int, bots: str) -> dict:
    from runeforge.engine.campaign.rules.invariants import check
    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign

    heroes = [c["id"] for c in bundle["cards"]
              if c.get("game") == data.doc["adventure_game"] and c.get("kind") == "hero"]
    seats = [(f"P{i + 1}", heroes[i], data.doc["classes"][i]) for i in range(players)]
    winners, gold, xp, lord_xp = Counter(), [], [], []
    plays, wins = Counter(), Counter()
    for seed in range(start, start + games):
        runner = BotRunner(play, bundle, bots)
        game = play_campaign(data, seed, seats, "Overlord", runner, bots=bots)
        sheet = game.sheet
        check(data, sheet)                 # every campaign ends with every invariant
        if len(sheet["played"]) != 9 or sheet["winner"] is None:
            raise AssertionError(f"seed {seed}: the campaign did not end after nine adventures")
        winners[sheet["winner"]] += 1
        gold.append(sheet["gold"])
        xp.append(sum(p["xp"] for p in sheet["players"] if p["side"] == "heroes") / players)
        lord_xp.append(next(p["xp"] for p in sheet["players"] if p["side"] == "overlord"))
        for g in runner.games:
            plays[g["adventure"]] += 1
            wins[g["adventure"]] += g["winner"] == "heroes"
    return {"players": players, "games": games,
            "heroes": winners["heroes"] / games, "overlord": winners["overlord"] / games,
            "gold_left": sum(gold) / games, "hero_xp_left": sum(xp) / games,
            "overlord_xp_left": sum(lord_xp) / games,
            "adventures": {a: {"plays": plays[a], "hero_wins": wins[a] / plays[a]}
                           for a in sorted(plays)}}


def main(argv: list[str]) -> int:
    from runeforge import games as game_registry
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.campaign.data import CampaignData

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--bots", default="heuristic", choices=["heuristic", "random"])
    ap.add_argument("--band", type=float, nargs=2, default=[0.35, 0.65],
                    metavar=("LOW", "HIGH"), help="the heroes' fair share of campaign wins")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    result = pipeline.check(())
    if not result.ok:
        print("content errors; run `runeforge check`", file=sys.stderr)
        return 1
    bundle = build_bundle(result.content, result.compiled)
    data = CampaignData(bundle)
    play = game_registry.get(data.doc["adventure_game"]).entry("play")
    out, missed = [], 0
    low, high = args.band
    for n in args.players:
        t0 = time.perf_counter()
        m = measure(bundle, data, play, n, args.games, args.start, args.bots)
        m["seconds"] = round(time.perf_counter() - t0, 1)
        out.append(m)
        off = max(low - m["heroes"], m["heroes"] - high, 0.0)
        m["band"] = [low, high]
        m["verdict"] = "met" if off == 0 else f"missed by {off * 100:.1f} points"
        missed += off > 0
        print(f"{n} heroes, {m['games']} campaigns: heroes {m['heroes']:.1%}, overlord "
              f"{m['overlord']:.1%}; gold left {m['gold_left']:.0f}, hero XP left "
              f"{m['hero_xp_left']:.1f}, overlord XP left {m['overlord_xp_left']:.1f} "
              f"({m['seconds']} s); heroes within "
              f"{low:.0%}-{high:.0%}: {m['verdict']}")
        by_adv = defaultdict(list)
        for a, v in m["adventures"].items():
            by_adv[data.adventure(a)["act"]].append(f"{a} {v['hero_wins']:.0%}/{v['plays']}")
        for act in ("introduction", "act1", "interlude", "act2", "finale"):
            print(f"  {act:12} " + ", ".join(by_adv.get(act, [])))
    if args.json:
        from pathlib import Path

        from runeforge.atomic import write_text_atomic
        write_text_atomic(Path(args.json), json.dumps(out, indent=2, sort_keys=True) + "\n")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
