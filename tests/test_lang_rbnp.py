"""Issue 32 (branch rbnp): noun phrases and objects as English builds them.

Each wording is the AST of the form it says, printed one canonical way (parse∘print = id on the
canonical text), compiled to the same IR; what the engine cannot run is refused where it is
written with its code and a hint (the docs' ``rbnp-refused`` block is checked too).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind):
    return CardContext(kind, None, None, frozenset())


# (kind, as an author writes it, the canonical wording it prints as)
SAME = [
    ("encounter", "Roll a single die. On a 4 or higher, gain 1 gold. Otherwise, nothing happens.",
     "Roll a die. On 4 or more, gain 1 gold. Otherwise, nothing happens."),
    ("encounter", "Roll one single die. On 1–5, take 1 wound. On 6–10, gain 1 gold.",
     "Roll a die. On 1–5, take 1 wound. On 6–10, gain 1 gold."),
    ("encounter", "Take a single wound and an exhaustion.",
     "Take 1 wound and take 1 exhaustion."),
    ("ally", "At the end of your turn, heal one single wound from this Ally.",
     "At the end of your turn, discard 1 wound from this Ally."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[1][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    ast = parse_ability(written)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ir, found = compile_ability(written, _ctx(kind))
    assert ir is not None and [f.code for f in found] == [], found
    again, _ = compile_ability(canonical, _ctx(kind))
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}
    for locale in LOCALES:
        out = render_ability(ast, locale)
        assert out and "{" not in out, (locale, out)


@pytest.mark.parametrize("text, code, at", [
    ("Each time this Ally takes a wound, roll a die. On a 6, cancel that wound.", "RF481",
     "roll a die"),
    ("Whenever your Hero enters a town, roll a single die. On 8 or more, gain 1 gold.",
     "RF481", "roll a single die"),
    ("Pay 1 gold to roll one die.", "RF481", "roll one die"),
])
def test_what_cannot_be_run_is_refused_where_it_is_written(text, code, at):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == code, (e.code, str(e))
    assert text[e.start:e.end] == at, text[e.start:e.end]
    assert e.hint and "Roll a die. On" in e.hint


def _refused_in_the_docs():
    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^```rbnp-refused (\w+)\n(.*?)^```", doc, flags=re.M | re.S):
        out += [(m.group(1), *(p.strip() for p in line.split("=>")))
                for line in m.group(2).splitlines() if line.strip()]
    return out


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert len(REFUSED_DOC) >= 2


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC)
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    _ir, found = compile_ability(text, _ctx(kind))
    assert code in [f.code for f in found], [(f.code, f.message) for f in found]
