"""Every example of the dialect in docs/delve.md (issue 32) parses, is its own canonical text
and compiles to valid IR on its kind of card: the heroes' block on a hero, the adversaries'
on an adversary (cards/delve/forms.scenarios.yaml plays each form in the engine)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.games.delve.abilities import canonical_text

DOC = Path(__file__).resolve().parent.parent / "docs" / "delve.md"
BLOCKS = {"delve-examples": "hero", "delve-adversary-examples": "adversary"}


def examples(block: str) -> list[str]:
    found = re.search(rf"```{block}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line for line in found.group(1).splitlines() if line.strip()]


def variant_lines(block: str) -> list[tuple[str, str, str]]:
    """(card kind, as said, canonical form or refusal code) of each line of a variants block:
    ``kind: said => canonical`` or ``kind: said => RFnnn``."""
    out = []
    for line in examples(block):
        kind, _, rest = line.partition(": ")
        said, _, after = rest.partition(" => ")
        out.append((kind.strip(), said.strip(), after.strip()))
    return out


def check_variant_line(kind: str, said: str, after: str):
    """The line's text prints as its canonical form and compiles to its IR, or is refused with
    its code; returns the refusal's diagnostics (None for a variant)."""
    from benchmarks.corpus_delve import compile_one

    ir, diags = compile_one(said, kind)
    if after.startswith("RF"):
        assert ir is None and after in [d.code for d in diags]
        return [d for d in diags if d.code == after]
    assert canonical_text(said) == after and canonical_text(after) == after
    assert ir is not None and ir == compile_one(after, kind)[0], [str(d) for d in diags]
    return None


def test_the_doc_has_examples():
    assert len(examples("delve-examples")) >= 10
    assert len(examples("delve-adversary-examples")) >= 8


@pytest.mark.parametrize("block, text", [(b, t) for b in BLOCKS for t in examples(b)])
def test_each_doc_example_is_canonical_and_compiles(block, text):
    assert canonical_text(text) == text
    ir, diags = compile_one(text, BLOCKS[block])
    assert ir is not None, [str(d) for d in diags]


def variants() -> list[tuple[str, str, str]]:
    """The ``delve-variants`` block: ``<kind>: <as said> => <canonical>`` (issue 32,
    session delve8): each variant prints as its canonical form and compiles to its IR."""
    out = []
    for line in examples("delve-variants"):
        kind, _, rest = line.partition(": ")
        said, _, canonical = rest.partition(" => ")
        out.append((kind.strip(), said.strip(), canonical.strip()))
    return out


@pytest.mark.parametrize("kind, said, canonical", variants())
def test_each_doc_variant_prints_as_its_canonical_form(kind, said, canonical):
    assert canonical_text(said) == canonical and canonical_text(canonical) == canonical
    ir, diags = compile_one(said, kind)
    assert ir is not None and ir == compile_one(canonical, kind)[0], [str(d) for d in diags]
