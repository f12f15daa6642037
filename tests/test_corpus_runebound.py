"""The Runebound author-style corpus of issue 32, part III (tests/data/corpus/runebound.yaml).

* Every form compiles with no error on its kind of card, prints as itself (canonical), and
  each of its natural variants compiles to the same IR and prints as the form (`fmt`).
* Every text that must fail fails with its code.
* Hints: a failed sentence's hint is a whole sentence that parses ("did you mean: '…'?"), or
  no sentence; a hint never proposes a word that fails again at the same place.

A text is a card's text, which may hold several abilities one after another ("Before Combat:
... Reward: 3 gold."): it is compiled and printed as `check` and `fmt` do. One parse per text:
compile_abilities parses through the compiler's cache, which the printer's checks reuse.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.sequence import parse_text
from runeforge.games.runebound.abilities import canonical_text, compile_abilities, parts_cached
from runeforge.games.runebound.checks import CardContext

CORPUS = Path(__file__).resolve().parent / "data" / "corpus" / "runebound.yaml"
DATA = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
FORMS, FAILS = DATA["forms"], DATA["fails"]
SKILLS = frozenset({"Swim", "Climb", "Diplomacy", "Stealth"})
KINDS = {"item", "ally", "hero", "challenge", "event", "encounter"}
SYNTAX = {"RF301", "RF302", "RF303"}


def _ctx(kind: str, text: str) -> CardContext:
    usage = None
    if kind == "item":
        usage = "one-use" if "iscard this card" in text else \
            "activated" if "ctivate" in text else "constant"
    return CardContext(kind, usage, None, SKILLS)


def test_the_corpus_is_large_and_spread_over_every_kind_of_card():
    texts = len(FORMS) + sum(len(f["variants"]) for f in FORMS) + len(FAILS)
    assert texts >= 300
    assert {f["kind"] for f in FORMS} == KINDS
    assert sum(len(f["variants"]) for f in FORMS) >= 100
    assert len(FAILS) >= 25
    every = [f["text"] for f in FORMS] + [v for f in FORMS for v in f["variants"]] + \
        [f["text"] for f in FAILS]
    assert len(set(every)) == len(every), "a text is written twice"


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f["text"][:60])
def test_a_form_and_its_variants_compile_to_one_ir_and_one_text(form):
    ctx = _ctx(form["kind"], form["text"])
    ir, findings = compile_abilities(form["text"], ctx)
    assert [(f.code, f.message) for f in findings if f.severity == "error"] == []
    assert ir is not None
    assert canonical_text(form["text"]) == form["text"], "not canonical"
    for variant in form["variants"]:
        assert canonical_text(variant) == form["text"], variant
        again, found = compile_abilities(variant, ctx)
        assert [f.code for f in found if f.severity == "error"] == [], variant
        assert again == ir, variant


@pytest.mark.parametrize("case", FAILS, ids=lambda f: f["text"][:60])
def test_a_text_that_must_fail_fails_with_its_code(case):
    try:
        parts_cached(case["text"])
    except AbilitySyntaxError as err:
        assert err.code == case["code"], err.message
        return
    _, findings = compile_abilities(case["text"], _ctx(case["kind"], case["text"]))
    assert case["code"] in {f.code for f in findings if f.severity == "error"}, \
        [(f.code, f.message) for f in findings]


_SENTENCE = re.compile(r"did you mean: '(.*)'\?$|did you mean '[^']*'\? \('(.*)'\)$")
_WORD = re.compile(r"did you mean '([^']*)'\?")


def _hints() -> list[tuple[str, AbilitySyntaxError]]:
    out = []
    for case in FAILS:
        if case["code"] in SYNTAX:
            with pytest.raises(AbilitySyntaxError) as err:
                parse_text(case["text"])
            out.append((case["text"], err.value))
    return out


def test_hints_are_sentences_that_parse_and_never_a_word_that_fails_there_again():
    hints = _hints()
    assert len(hints) >= 15
    sentences = parsed = 0
    for text, err in hints:
        hint = err.hint or ""
        m = _SENTENCE.search(hint)
        if m:
            sentences += 1
            parse_text(m.group(1) or m.group(2))  # raises if it does not parse
            parsed += 1
        w = _WORD.search(hint)
        if w:  # a word hint: put it in place; the parse must get past this place
            fixed = text[:err.start] + w.group(1) + text[err.end:]
            try:
                parse_text(fixed)
            except AbilitySyntaxError as again:
                assert again.start != err.start, (text, hint)
    assert parsed == sentences  # every sentence proposed parses (the measured share: 100 %)
    assert sentences >= len(hints) // 2  # and most failures get one


@pytest.mark.parametrize("text, want", [
    ("Each Hero gains 2 golds.", "did you mean 'gold'? ('Each Hero gains 2 gold.')"),
    ("Gian 2 gold.", "did you mean 'Gain'? ('Gain 2 gold.')"),
    ("Before combat gain 1 gold.", "did you mean: 'Before combat: gain 1 gold.'?"),
    ("Each Hero draws market card.", "did you mean: 'Each Hero draws a market card.'?"),
    ("Take exhaustion to gain 1 gold.", "did you mean: 'Take an exhaustion to gain 1 gold.'?"),
])
def test_a_hint_proposes_the_nearest_sentence(text, want):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.hint == want


def test_the_corpus_codes_include_the_cores():
    codes = {f["code"] for f in FAILS}
    assert {"RF450", "RF451", "RF452"} <= codes
