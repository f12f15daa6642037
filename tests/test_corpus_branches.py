"""The branches' corpora (tests/data/corpus/rb*.yaml: rbtime, rbwound, rblimits, rbmarket,
rbroll, and any a later branch adds): the same tests as the Runebound corpus
(tests/test_corpus_runebound.py). Every form compiles and prints as itself, each variant compiles
to the form's IR and prints as the form, every text that must fail fails with its code, and no
text is written twice in a file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests import test_corpus_runebound as base

FILES = sorted((Path(__file__).resolve().parent / "data" / "corpus").glob("rb*.yaml"))
DATA = {path.stem: yaml.safe_load(path.read_text(encoding="utf-8")) for path in FILES}


def test_the_branches_corpora_are_found():
    assert {"rbtime", "rbwound", "rblimits", "rbmarket", "rbroll"} <= set(DATA)


@pytest.mark.parametrize("name", sorted(DATA))
def test_no_text_is_written_twice(name):
    data = DATA[name]
    every = [f["text"] for f in data["forms"]] + \
        [v for f in data["forms"] for v in f["variants"]] + [f["text"] for f in data["fails"]]
    assert len(set(every)) == len(every)


@pytest.mark.parametrize("form", [f for d in DATA.values() for f in d["forms"]],
                         ids=lambda f: f["text"][:60])
def test_a_form_and_its_variants_compile_to_one_ir_and_one_text(form):
    base.test_a_form_and_its_variants_compile_to_one_ir_and_one_text(form)


@pytest.mark.parametrize("case", [f for d in DATA.values() for f in d["fails"]],
                         ids=lambda f: f["text"][:60])
def test_a_text_that_must_fail_fails_with_its_code(case):
    base.test_a_text_that_must_fail_fails_with_its_code(case)
