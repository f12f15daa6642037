"""What the construction spaces print (benchmarks/construction_space.py for Runebound,
construction_space_delve.py for Delve): one command line, one tally and one report, so both
measures of breadth read alike and are read the same way."""

from __future__ import annotations

import argparse
import collections


def tally(n: int) -> dict:
    """An empty run of ``n`` sentences; ``count`` fills it one sentence at a time."""
    return {"n": n, "parsed": 0, "compiled": 0, "refusals": collections.Counter(),
            "by_slot": collections.Counter(), "total": collections.Counter(),
            "fail": collections.Counter(), "failures": []}


def count(out: dict, kind: str, text: str, slots: dict, names, compiled: bool,
          errors: list, syntax: list, slot_at) -> None:
    """One sentence into the tally: its slot options, and where it stops (a refusal at check
    by its code, or the slot ``slot_at(first syntax error)`` names)."""
    for name in names:
        out["total"][(name, slots[name])] += 1
    if not syntax:
        out["parsed"] += 1
        out["compiled"] += compiled and not errors
        if errors:
            out["refusals"][errors[0].code] += 1
            out["failures"].append(("refused", kind, text, errors[0]))
        return
    slot = slot_at(syntax[0])
    out["by_slot"][slot] += 1
    out["fail"][(slot, slots[slot])] += 1
    out["failures"].append(("syntax", kind, text, syntax[0]))


def arguments(doc: str, argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--worst", type=int, default=25)
    ap.add_argument("--show", type=int, default=0, help="print N failing sentences")
    ap.add_argument("--grep", default="", help="print only failures whose text has this")
    ap.add_argument("--refused", action="store_true",
                    help="print the refusals at check (parsed, not compiled), not syntax errors")
    return ap.parse_args(argv)


def report(m: dict, args: argparse.Namespace) -> None:
    shown = 0
    for what, kind, text, diag in m["failures"]:
        if shown >= args.show or args.grep not in text:
            continue
        if (what == "refused") == args.refused:
            shown += 1
            print(f"  {kind}: {text}\n    -> {diag.code} {diag.message}")
    n = m["n"]
    print(f"seed {args.seed}: {n} sentences: {m['parsed']} parse "
          f"({100 * m['parsed'] / n:.0f} %), {m['compiled']} compile "
          f"({100 * m['compiled'] / n:.0f} %)")
    print("refused at check, by code: "
          + ", ".join(f"{k} {v}" for k, v in m["refusals"].most_common()))
    print("first syntax error by slot: "
          + ", ".join(f"{k} {v}" for k, v in m["by_slot"].most_common()))
    print("slot options that fail most (failures where the first error is in the option / "
          "sentences with it):")
    fail, total = m["fail"], m["total"]
    worst = sorted(fail, key=lambda k: (-fail[k] / total[k], -fail[k]))
    for key in worst[:args.worst]:
        print(f"  {fail[key]:4d}/{total[key]:<4d} {key[0]:8} {key[1].strip()!r}")
