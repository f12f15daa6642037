"""How much of the author-style Delve corpora compiles as written (issue 32; not a test).

``tests/data/corpus/delve.yaml`` (part II's blind-written corpus) is split once, with a fixed
seed, into a development part (75 %) and a held-out part (25 %); ``delve-forms.yaml`` is part
III's development corpus (forms, their variants, texts that must fail with their codes);
``delve-heldout.yaml`` holds texts written before part III's dialect grew, never tuned on.

    python -m benchmarks.corpus_delve               # the shares of delve.yaml
    python -m benchmarks.corpus_delve --why         # dev failures with their diagnostics
    python -m benchmarks.corpus_delve --refused     # refused texts that compile (must be none)
    python -m benchmarks.corpus_delve --held-out-set   # delve-heldout.yaml (part III)
    python -m benchmarks.corpus_delve --hints       # how many hints are a sentence that parses
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


def corpus(name: str = "delve.yaml") -> list[dict]:
    return yaml.safe_load((CORPUS / name).read_text(encoding="utf-8"))["texts"]


def hint_share(texts: list) -> dict:
    """Over the texts that do not parse: how many hints are a whole sentence (``did you mean:
    '…'?``), how many of those parse, and whether any hint names the word that failed."""
    import re

    from runeforge.dsl.delve.errors import AbilitySyntaxError
    from runeforge.dsl.delve.parser import parse_ability

    out = {"failed": 0, "rewrites": 0, "rewrites_parse": 0, "words": 0,
           "proposes_failed_word": 0}
    for t in texts:
        try:
            parse_ability(t["text"])
            continue
        except AbilitySyntaxError as err:
            e = err
        out["failed"] += 1
        hint = e.hint or ""
        word = t["text"][e.start:e.end].lower()
        if hint.startswith("did you mean: '") and hint.endswith("'?"):
            out["rewrites"] += 1
            try:
                parse_ability(hint[len("did you mean: '"):-2])
                out["rewrites_parse"] += 1
            except AbilitySyntaxError:
                pass
        else:
            proposed = re.findall(r"did you mean '([^']+)'", hint)
            out["words"] += bool(proposed)
            out["proposes_failed_word"] += any(p.lower() == word for p in proposed)
    return out


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
    ap.add_argument("--held-out-set", action="store_true",
                    help="the share of delve-heldout.yaml that compiles, and what fails")
    ap.add_argument("--hints", action="store_true", help="hints over every corpus")
    args = ap.parse_args(argv)
    if args.held_out_set:
        texts = corpus("delve-heldout.yaml")
        ok = 0
        for t in texts:
            ir, diags = compile_one(t["text"], t["kind"])
            ok += ir is not None
            if ir is None:
                d = next(x for x in diags if x.severity == "error")
                print(f"- [{t['kind']}] {t['text']}\n    {d.code} {d.message} | {d.hint}")
        print(f"held-out set: {ok}/{len(texts)} compile ({100 * ok / len(texts):.0f} %)")
        return 0
    if args.hints:
        texts = corpus() + corpus("delve-forms.yaml") + refused()
        h = hint_share(texts)
        print(f"hints: {h['failed']} texts do not parse; {h['rewrites']} hints are a whole "
              f"sentence, {h['rewrites_parse']} of them parse; {h['words']} propose a word; "
              f"{h['proposes_failed_word']} propose the word that failed")
        return 0
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
