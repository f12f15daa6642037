"""Branch rbroll's corpus (tests/data/corpus/rbroll.yaml): tests by their skill, any test and
the bonuses said to them. The same tests as the Runebound corpus (tests/test_corpus_runebound.py):
every form compiles and prints as itself, each variant compiles to the form's IR and prints as
the form, every text that must fail fails with its code."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests import test_corpus_runebound as base

DATA = yaml.safe_load((Path(__file__).resolve().parent / "data" / "corpus" / "rbroll.yaml")
                      .read_text(encoding="utf-8"))


def test_no_text_is_written_twice():
    every = [f["text"] for f in DATA["forms"]] + \
        [v for f in DATA["forms"] for v in f["variants"]] + [f["text"] for f in DATA["fails"]]
    assert len(set(every)) == len(every)


@pytest.mark.parametrize("form", DATA["forms"], ids=lambda f: f["text"][:60])
def test_a_form_and_its_variants_compile_to_one_ir_and_one_text(form):
    base.test_a_form_and_its_variants_compile_to_one_ir_and_one_text(form)


@pytest.mark.parametrize("case", DATA["fails"], ids=lambda f: f["text"][:60])
def test_a_text_that_must_fail_fails_with_its_code(case):
    base.test_a_text_that_must_fail_fails_with_its_code(case)
