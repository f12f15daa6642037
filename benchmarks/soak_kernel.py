"""Soak (not a test): every compiled combat kernel held to the engine, at full size.

Every bundled hero x challenge pair, and every item and Ally with a combat ability (each with
four heroes in turn against a challenge of each colour), fought --seeds times (default 500) by the
engine and by the kernel on the same dice: with the heuristic bot (bot mode) and with random
decisions asked at every decision point (ask mode, --ask-seeds, default 50). Compares the
outcome, the rounds, the Hero's wounds, exhaustion, gold and cards, each Ally's wounds, the
questions asked, and the dice consumed. Reports the counts, the fallbacks (cards the kernel
cannot express; the bundled content has none) and every mismatch. Exit 1 on any.
Run: python benchmarks/soak_kernel.py [--seeds 500] [--ask-seeds 50] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

_CAT = None


def _catalog():
    global _CAT
    if _CAT is None:
        from runeforge import pipeline
        from runeforge.backends.bundle import build_bundle
        from runeforge.engine.runebound.core.catalog import Catalog

        result = pipeline.check(())
        _CAT = Catalog(build_bundle(result.content, result.compiled))
    return _CAT


def jobs(cat) -> list[tuple]:
    from runeforge.engine.runebound.analysis.kernel_check import combat_cards

    heroes, chals = cat.ids("hero"), cat.ids("challenge")
    out = [(h, c, (), ()) for h in heroes for c in chals]
    colours = [next(c for c in chals if cat.card(c).data.get("colour") == col)
               for col in ("green", "yellow", "blue", "red")]
    items, allies = combat_cards(cat)
    for n, card in enumerate(items + allies):
        hand = ((card,), ()) if card in items else ((), (card,))
        out += [(heroes[(n + j) % len(heroes)], colours[j], *hand) for j in range(4)]
    return out


def run(batch: list, seeds: int, ask_seeds: int) -> tuple[int, dict, list]:
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE

    cat = _catalog()
    fights, fallbacks, bad = 0, {}, []
    for n, (h, c, items, allies) in enumerate(batch):
        ruleset = ADVANCED if n % 2 else BASE
        for mode, count in (("bot", seeds), ("ask", ask_seeds)):
            found = differential(cat, h, c, items, allies, ruleset, range(count), mode)
            if isinstance(found, str):
                fallbacks[found] = fallbacks.get(found, 0) + 1
            elif found is not None:
                bad.append(f"{h} {items} {allies} v {c} ({mode}, {ruleset.name}): {found}")
            else:
                fights += 2 * count
    return fights, fallbacks, bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=500)
    ap.add_argument("--ask-seeds", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="only the first N combinations")
    args = ap.parse_args()
    start = time.perf_counter()
    todo = jobs(_catalog())
    if args.limit:
        todo = todo[:args.limit]
    chunks = [todo[i::args.jobs * 4] for i in range(args.jobs * 4)]
    fights, fallbacks, bad = 0, {}, []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for f, fb, b in pool.map(run, chunks, [args.seeds] * len(chunks),
                                 [args.ask_seeds] * len(chunks)):
            fights += f
            bad += b
            for k, v in fb.items():
                fallbacks[k] = fallbacks.get(k, 0) + v
    print(f"kernel soak: {len(todo)} combinations, {fights:,} combats compared (engine and "
          f"kernel), {len(bad)} mismatches, {sum(fallbacks.values())} fallbacks, "
          f"{time.perf_counter() - start:.0f} s")
    for reason, n in sorted(fallbacks.items()):
        print(f"  fallback x{n}: {reason}")
    for line in bad[:20]:
        print("  MISMATCH " + line)
    return 1 if bad or fallbacks else 0


if __name__ == "__main__":
    sys.exit(main())
