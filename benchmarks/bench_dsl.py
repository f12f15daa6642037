"""Ability language throughput, measured in one run on one corpus (not a test).

Prints abilities/second for: raw Lark LALR (same grammar and tokenizer, tree output),
parse to the AST, and parse + section-5 checks + IR lowering (the compiler's core, with
no cache). Target: the full compile runs at >= 0.5x the raw Lark parse rate.

    python benchmarks/bench_dsl.py [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from ruamel.yaml import YAML

from runeforge.dsl.runebound import parse_ability, raw_parser
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.lower import lower

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
# the grown language (issue 21): the card files of its nine families and the example adventure
FAMILIES = [ROOT / "examples", ROOT / "tests" / "data" / "lang-branching",
            ROOT / "tests" / "data" / "lang-place", ROOT / "tests" / "data" / "decks_content",
            ROOT / "tests" / "lang_combat"]


def corpus() -> list[str]:
    """Every ability of the bundled cards and of the families' card files (one of each)."""
    texts = []
    yaml = YAML(typ="safe")
    paths = sorted(CARDS.rglob("*.yaml")) + sorted(
        p for d in FAMILIES if d.is_dir() for p in d.rglob("*.yaml"))
    for path in paths:
        if _game_of(path) != "runebound-2e":  # another game's pack (Delve): its own dialect
            continue
        data = yaml.load(path.read_text(encoding="utf-8")) or {}
        for card in data.get("cards", []) if isinstance(data, dict) else []:
            if isinstance(card, dict):  # an adventure document lists card ids under cards:
                texts.extend(a for a in card.get("abilities", []) if isinstance(a, str))
    return list(dict.fromkeys(texts))


def _game_of(path: Path) -> str:
    """The game of the pack holding ``path``: ``game:`` of the nearest manifest.yaml above."""
    yaml = YAML(typ="safe")
    for folder in path.parents:
        manifest = folder / "manifest.yaml"
        if manifest.is_file():
            data = yaml.load(manifest.read_text(encoding="utf-8")) or {}
            return data.get("game", "runebound-2e") if isinstance(data, dict) else "runebound-2e"
        if folder in (CARDS, ROOT):
            break
    return "runebound-2e"


def rates(fns, texts, seconds) -> list[float]:
    """Abilities/second of each function, measured in interleaved rounds so that a change
    in machine load affects all of them alike and the ratios stay meaningful."""
    spent = [0.0] * len(fns)
    count = [0] * len(fns)
    deadline = time.perf_counter() + seconds * len(fns)
    while time.perf_counter() < deadline:
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            for t in texts:
                fn(t)
            spent[i] += time.perf_counter() - start
            count[i] += len(texts)
    return [c / s for c, s in zip(count, spent, strict=True)]


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=0.05 if tiny else 2.0)
    args = ap.parse_args()
    texts = corpus()
    ctx = CardContext("item", "activated", None, frozenset({"Swim", "Climb", "Diplomacy",
                                                             "Tracking", "Lore"}))
    raw = raw_parser()

    def full(t):
        a = parse_ability(t)
        list(check_ability(a, ctx))
        lower(a)

    for fn in (raw.parse, parse_ability, full):  # warm up
        for t in texts:
            fn(t)
    r_raw, r_parse, r_full = rates([raw.parse, parse_ability, full], texts, args.seconds)
    print(f"corpus: {len(texts)} abilities (bundled cards and the language families' card files)")
    print(f"raw Lark LALR parse      {r_raw:10.0f} abilities/s")
    print(f"parse to AST             {r_parse:10.0f} abilities/s  ({r_parse / r_raw:.2f}x raw)")
    ratio = r_full / r_raw
    verdict = "met" if ratio >= 0.5 else f"missed by x{0.5 / ratio:.2f}"
    print(f"parse + checks + IR      {r_full:10.0f} abilities/s  ({ratio:.2f}x raw; "
          f"target >= 0.50x: {verdict})")


if __name__ == "__main__":
    main()
