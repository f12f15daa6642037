"""Every example of the dialect's core in docs/delve.md (issue 32) parses, is its own canonical
text and compiles to valid IR (tests/test_delve_forms.py plays each pattern in the engine)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.games.delve.abilities import canonical_text

DOC = Path(__file__).resolve().parent.parent / "docs" / "delve.md"


def examples() -> list[str]:
    block = re.search(r"```delve-examples\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_doc_has_examples():
    assert len(examples()) >= 10


@pytest.mark.parametrize("text", examples())
def test_each_doc_example_is_canonical_and_compiles(text):
    assert canonical_text(text) == text
    ir, diags = compile_one(text)
    assert ir is not None, [str(d) for d in diags]
