"""How much of the blind-written Delve corpus compiles as written (issue 32; not a test).

``tests/data/corpus/delve.yaml`` is split once, with a fixed seed, into a development part
(75 %) and a held-out part (25 %) that is not looked at while the dialect grows; this tool
reports the compiled share of each and, with ``--why``, the first diagnostic of every
development text that does not compile.

    python -m benchmarks.corpus_delve            # the two shares
    python -m benchmarks.corpus_delve --why      # dev failures with their diagnostics
    python -m benchmarks.corpus_delve --refused  # refused texts that compile (must be none)
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path

import yaml

from runeforge.diagnostics import Diagnostic
from runeforge.games.delve.abilities import compile_texts

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"
SEED = 32  # issue 32; fixed so the held-out part never changes
HELD_OUT_SHARE = 0.25


@dataclass
class TextCard:
    """The smallest card the dialect compiles: one ability text, diagnostics at offsets."""

    text: str
    kind: str = "hero"
    path: str = "<corpus>"

    @property
    def data(self) -> dict:
        return {"abilities": [self.text]}

    def span_diag(self, keys, span, code, message, *, hint=None, severity="error"):
        start, end = span
        return Diagnostic(code, message, self.path, 1, start + 1, max(1, end - start),
                          severity, hint, self.text)


def corpus() -> list[dict]:
    return yaml.safe_load((CORPUS / "delve.yaml").read_text(encoding="utf-8"))["texts"]


def refused() -> list[dict]:
    data = yaml.safe_load((CORPUS / "refused.yaml").read_text(encoding="utf-8"))
    return [t for g in data["games"] if g["game"] == "delve" for t in g["texts"]]


def split(texts: list) -> tuple[list, list]:
    """(development, held out): a seeded 25 % of the indices is held out."""
    order = list(range(len(texts)))
    random.Random(SEED).shuffle(order)
    held = set(order[:round(len(texts) * HELD_OUT_SHARE)])
    return ([t for i, t in enumerate(texts) if i not in held],
            [t for i, t in enumerate(texts) if i in held])


def compile_one(text: str, kind: str = "hero") -> tuple[dict | None, list]:
    """(IR or None, diagnostics) of one text."""
    card = TextCard(text, kind)
    compiled, diags = compile_texts(card, [(("abilities", 0), text)])
    return (compiled[0][1] if compiled else None), diags


def share(texts: list) -> tuple[int, int]:
    return sum(compile_one(t["text"], t["kind"])[0] is not None for t in texts), len(texts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--why", action="store_true")
    ap.add_argument("--refused", action="store_true")
    ap.add_argument("--held-out", action="store_true", help="report the held-out share (only)")
    args = ap.parse_args(argv)
    dev, held = split(corpus())
    if args.why:
        for t in dev:
            ir, diags = compile_one(t["text"], t["kind"])
            if ir is None:
                d = diags[0] if diags else None
                where = f"col {d.col} {d.code} {d.message} | {d.hint}" if d else "no IR, no diag"
                print(f"- [{t['kind']}] {t['text']}\n    {where}")
    if args.refused:
        for t in refused():
            if compile_one(t["text"], t["kind"])[0] is not None:
                print(f"COMPILES (must not): {t['text']}  ({t['why']})")
    ok, total = share(dev)
    print(f"dev: {ok}/{total} compile ({100 * ok / total:.0f} %)")
    if args.held_out:
        ok, total = share(held)
        print(f"held-out: {ok}/{total} compile ({100 * ok / total:.0f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
