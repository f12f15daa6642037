"""Benchmark: exact combat odds (runeforge.engine.odds_exact), milliseconds per pair.

Run:  python benchmarks/bench_odds.py [--repeat N]

Pairs: every bundled core hero against one challenge of each colour (20 pairs), plus the
worst case the target speaks of (Life 10 against Life 10), a Belt of Strength modifier, and
one or two bundled allies. Each time is the best of N solves from scratch (no cache between
calls); "+table" also builds the readable policy table. Target: <= 5 ms per pair for
Life <= 10 without allies.
"""

from __future__ import annotations

import argparse
import importlib.resources
import statistics
import time

from ruamel.yaml import YAML
from runeforge.engine.odds_exact import exact_odds

TARGET_MS = 5.0
COLOURS = ("green", "yellow", "blue", "red")


def load(kind_file: str) -> list[dict]:
    text = (importlib.resources.files("runeforge.cards") / "core" / kind_file).read_text("utf-8")
    return list(YAML(typ="safe").load(text)["cards"])


def best_ms(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000.0


def row(label, hero, chal, allies=(), mods=None, repeat=5):
    res = exact_odds(hero, chal, allies, mods)
    solve = best_ms(lambda: exact_odds(hero, chal, allies, mods), repeat)
    table = best_ms(lambda: exact_odds(hero, chal, allies, mods).policy, repeat)
    label = label if len(label) <= 58 else label[:55] + "..."
    print(f"{label:<58} {res.win:>7.4f} {res.expected_hero_wounds:>6.2f} "
          f"{len(res.policy):>6} {solve:>8.2f} {table:>8.2f}")
    return solve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    n = ap.parse_args().repeat
    heroes, challenges, allies = load("heroes.yaml"), load("challenges.yaml"), load("allies.yaml")
    picked = [next(c for c in challenges if c["colour"] == col) for col in COLOURS]
    print(f"{'pair':<58} {'win':>7} {'E[wd]':>6} {'policy':>6} {'ms':>8} {'+table':>8}")

    plain, plain_le10 = [], []
    for h in heroes:
        for c in picked:
            ms = row(f"{h['name']} v {c['name']} ({c['colour']})", h, c, repeat=n)
            plain.append(ms)
            if h["life"] <= 10 and c["life"] <= 10:
                plain_le10.append(ms)

    print("-- worst case for the target: Life 10 against Life 10, no allies")
    margath = next(c for c in challenges if c["life"] == 10)
    varikas = heroes[0]
    worst = [row(f"{varikas['name']} v {margath['name']}", varikas, margath, repeat=n)]
    even = dict(margath, name="Even Shade (life 10, targets 14)", mind=14, body=14, spirit=14,
                ranged_damage=1, melee_damage=1, magic_damage=1)
    worst.append(row(f"{varikas['name']} v {even['name']}", varikas, even, repeat=n))

    print("-- static modifiers (Belt of Strength: body +3)")
    orrin = next(h for h in heroes if h["name"].startswith("Orrin"))
    for c in picked:
        row(f"{orrin['name']} + belt v {c['name']}", orrin, c, mods={"body": 3}, repeat=n)

    print("-- with allies (slower: the state grows with every ally's wounds)")
    one, two = [], []
    for c in picked:
        one.append(row(f"{varikas['name']} + {allies[0]['name']} v {c['name']}",
                       varikas, c, [allies[0]], repeat=n))
    for c in picked:
        two.append(row(f"{varikas['name']} + {allies[1]['name']} + {allies[2]['name']} "
                       f"v {c['name']}", varikas, c, [allies[1], allies[2]], repeat=max(1, n // 2)))
    big = row(f"{varikas['name']} + 2 allies v Even Shade", varikas, even,
              [allies[1], allies[2]], repeat=1)

    every = plain_le10 + worst
    print()
    print(f"exact odds, no allies, {len(plain)} bundled pairs: mean "
          f"{statistics.mean(plain):.2f} ms, max {max(plain):.2f} ms per pair")
    print(f"exact odds, no allies, Life <= 10 ({len(every)} pairs incl. 10 v 10): mean "
          f"{statistics.mean(every):.2f} ms, max {max(every):.2f} ms per pair; target "
          f"<= {TARGET_MS:.0f} ms: {'met' if max(every) <= TARGET_MS else 'NOT met'} "
          f"(max/target ratio {max(every) / TARGET_MS:.2f})")
    print(f"exact odds, one ally: mean {statistics.mean(one):.2f} ms, max {max(one):.2f} ms; "
          f"two allies: mean {statistics.mean(two):.2f} ms, max {max(two):.2f} ms; "
          f"two allies v Life 10: {big:.1f} ms")


if __name__ == "__main__":
    main()
