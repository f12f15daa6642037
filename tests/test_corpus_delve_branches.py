"""The Delve branches' corpora (tests/data/corpus/d*.yaml other than delve*.yaml: dtarget,
dprose, and any a later branch adds): each form's variants compile to one IR and print to one
canonical text, which compiles to that IR again; each text that must fail fails with its code,
every error with a hint. (The same tests as tests/test_corpus_delve.py, whose corpus is
delve-forms.yaml; one module instead of a copy in each branch's test module.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from benchmarks.corpus_delve import compile_one
from tests import test_corpus_delve as base

FILES = sorted(p for p in (Path(__file__).resolve().parent / "data" / "corpus").glob("d*.yaml")
               if not p.name.startswith("delve"))
DATA = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))["texts"] for p in FILES}
FORMS = sorted({(name, t["form"]) for name, texts in DATA.items() for t in texts
                if t["expect"] == "ok"})
FAILS = [(name, t) for name, texts in DATA.items() for t in texts if t["expect"] != "ok"]


def test_the_branches_corpora_are_found():
    assert {"dtarget", "dprose"} <= set(DATA)
    for name in DATA:  # each has forms and texts that must fail
        assert any(f == name for f, _ in FORMS) and any(f == name for f, _ in FAILS), name


@pytest.mark.parametrize("name, form", FORMS, ids=lambda v: v if isinstance(v, str) else "")
def test_each_forms_variants_compile_to_one_ir_and_one_canonical_text(name, form):
    base.assert_one_ir_and_one_text(DATA[name], form)


@pytest.mark.parametrize("name, item", FAILS,
                         ids=lambda v: v if isinstance(v, str) else
                         f"{v['expect']}:{v['text'][:40]}")
def test_each_text_that_must_fail_fails_with_its_code(name, item):
    ir, diags = compile_one(item["text"], item["kind"])
    assert ir is None
    errors = [d for d in diags if d.severity == "error"]
    assert item["expect"] in {d.code for d in errors}, [str(d) for d in errors]
    assert all(d.hint for d in errors)
