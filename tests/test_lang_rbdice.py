"""Issue 32 (session rbdice): Runebound's die rolls and die tables as authors write them.

Each wording is the one node DieTable (its dice, added attribute, "use the higher", open rows and
"Otherwise"), printed one canonical way; "Each Hero rolls a die ... that Hero ..." is Each over
it. The engine runs each form (the scenarios of tests/data/lang-rbdice); results no row names
warn (RF480, which results), overlapping rows stay errors (RF419), and what the engine cannot roll
is refused where it is written (RF481). Five locales render every form; the exact odds report a
table as not modelled.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbdice"
LOCALES = ("en", "fi", "pl", "el", "ru")
CTX = CardContext("encounter", None, None, frozenset())

# (as an author writes it, the canonical wording it prints as)
SAME = [
    ("Roll a die. On a 1 or 2, lose 1 gold. On 3–10, gain 1 gold.",
     "Roll a die. On 1–2, lose 1 gold. On 3–10, gain 1 gold."),
    ("Roll one die. On a 9 or 10, gain 4 gold. On 1-8, nothing happens.",
     "Roll a die. On 9–10, gain 4 gold. On 1–8, nothing happens."),
    ("Roll a die. On a result of 3 or lower, take 2 wounds. On 4 or more, draw 1 market card.",
     "Roll a die. On 3 or less, take 2 wounds. On 4 or more, draw 1 market card."),
    ("Roll a die. On a roll of 6 or higher, gain 2 gold. Otherwise, take 1 exhaustion.",
     "Roll a die. On 6 or more, gain 2 gold. Otherwise, take 1 exhaustion."),
    ("Roll a die. 1-3: Take 2 wounds. 4-7: Gain 3 gold. 8-10: Draw 1 market card.",
     "Roll a die. On 1–3, take 2 wounds. On 4–7, gain 3 gold. On 8–10, draw 1 market card."),
    ("Roll a die. 1-4: lose 1 gold; 5-8: gain 1 experience; otherwise, gain 3 gold.",
     "Roll a die. On 1–4, lose 1 gold. On 5–8, gain 1 experience. Otherwise, gain 3 gold."),
    ("You roll a die. On 1–5, take 1 wound; on 6–10, gain 2 gold.",
     "Roll a die. On 1–5, take 1 wound. On 6–10, gain 2 gold."),
    ("Roll a die. If the result is 7 or more, gain 2 gold. Otherwise, lose 1 gold.",
     "Roll a die. On 7 or more, gain 2 gold. Otherwise, lose 1 gold."),
    ("Each Hero rolls a die. On a 1 or 2, that Hero takes 1 wound. Otherwise, nothing happens.",
     "Each Hero rolls a die. On 1–2, that Hero takes 1 wound. Otherwise, nothing happens."),
    ("Every Hero in a town rolls a die. On 1–5, that Hero loses 1 gold; otherwise, that Hero "
     "draws 1 market card.",
     "Each Hero in a town rolls a die. On 1–5, that Hero loses 1 gold. Otherwise, that Hero "
     "draws 1 market card."),
    ("Each other Hero rolls one die. On 8 or more, that Hero gains 2 gold. On 7 or less, "
     "nothing happens.",
     "Each other Hero rolls a die. On 8 or more, that Hero gains 2 gold. On 7 or less, "
     "nothing happens."),
    ("Roll two dice and add your Body. On a total of 18 or more, gain 3 gold; on 11 or less, "
     "take 2 wounds; otherwise, take 1 exhaustion.",
     "Roll two dice and add your Body. On 18 or more, gain 3 gold. On 11 or less, take 2 "
     "wounds. Otherwise, take 1 exhaustion."),
    ("Roll two dice and add your Spirit. If the total is 15 or higher, gain 1 experience. "
     "Otherwise, take 1 wound.",
     "Roll two dice and add your Spirit. On 15 or more, gain 1 experience. Otherwise, take 1 "
     "wound."),
    ("Roll a die and add your Mind. On 12 or more, draw 1 market card. Otherwise, nothing "
     "happens.",
     "Roll a die and add your Mind. On 12 or more, draw 1 market card. Otherwise, nothing "
     "happens."),
    ("Roll two dice and use the higher. On 1-4, take 1 wound. On 5-10, gain 1 gold.",
     "Roll two dice and use the higher result. On 1–4, take 1 wound. On 5–10, gain 1 gold."),
    ("Roll twice and use the higher result. On 8 or more, gain 2 gold. Otherwise, nothing "
     "happens.",
     "Roll two dice and use the higher result. On 8 or more, gain 2 gold. Otherwise, nothing "
     "happens."),
    ("Roll a die twice and keep the better result. On 1-5, lose 2 gold. On 6-10, gain 2 gold.",
     "Roll two dice and use the higher result. On 1–5, lose 2 gold. On 6–10, gain 2 gold."),
]


@pytest.mark.parametrize("written, canonical", SAME, ids=[s[0][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(written, canonical):
    ast = parse_ability(written)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    assert parse_ability(print_ability(ast)) == ast
    ir, found = compile_ability(written, CTX)
    assert ir is not None and not [f for f in found if f.severity == "error"], found
    assert [f.code for f in found] == [], [(f.code, f.message) for f in found]
    again, _ = compile_ability(canonical, CTX)
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}
    for locale in LOCALES:
        out = render_ability(ast, locale)
        assert out and "{" not in out and "}" not in out, (locale, out)
        if locale != "en":
            assert "or more" not in out and "Otherwise" not in out and "that Hero" not in out


def test_the_ir_says_the_roll():
    ir = compile_text("Roll two dice and add your Body. On 18 or more, gain 3 gold. On 11 or "
                      "less, take 2 wounds. Otherwise, take 1 exhaustion.", kind="encounter")
    [table] = ir["effects"]
    assert (table["dice"], table["add"]) == (2, "body")
    assert [(r["low"], r["high"]) for r in table["rows"]] == [(18, None), (None, 11)]
    assert table["else"][0]["token"] == "exhaustion"
    ir = compile_text("Roll twice and use the higher result. On 8 or more, gain 2 gold. "
                      "Otherwise, nothing happens.", kind="encounter")
    assert (ir["effects"][0]["dice"], ir["effects"][0]["keep"]) == (2, "higher")
    # a table of part II lowers as it did: no new keys
    ir = compile_text("Roll a die. On 1–5, take 1 wound. On 6–10, gain 1 gold.", kind="encounter")
    assert set(ir["effects"][0]) == {"op", "rows"}
    ir = compile_text("Each Hero rolls a die. On 1–2, that Hero takes 1 wound. Otherwise, "
                      "nothing happens.", kind="encounter")
    [each] = ir["effects"]
    assert each["op"] == "each_hero" and each["effects"][0]["op"] == "roll_table"
    assert each["effects"][0]["rows"][0]["effects"][0]["op"] == "suffer"


@pytest.mark.parametrize("text, span, words", [
    ("Roll a die. On 1–3, take 2 wounds. On 4–6, gain 3 gold.", "On 4–6, gain 3 gold.",
     "nothing happens on 7–10"),
    ("Roll a die. 1-3: take 1 wound. 5-10: gain 2 gold.", "5-10: gain 2 gold.",
     "nothing happens on 4:"),
    ("Roll two dice and add your Body. On 18 or more, gain 3 gold. On 11 or less, take 2 "
     "wounds.", "On 18 or more, gain 3 gold.", "nothing happens on 12–17"),
    ("Roll a die and add your Mind. On 10 or more, draw 1 market card.",
     "On 10 or more, draw 1 market card.", "nothing happens on 9 or less"),
    ("Each Hero rolls a die. On 1–2, that Hero takes 1 wound.",
     "On 1–2, that Hero takes 1 wound.", "nothing happens on 3–10"),
])
def test_results_no_row_names_warn_and_say_which(text, span, words):
    ir, found = compile_ability(text, CTX)
    assert ir is not None
    assert [(f.code, f.severity) for f in found] == [("RF480", "warning")]
    [f] = found
    assert text[f.span[0]:f.span[1]] == span and words in f.message
    assert "nothing happens" in f.hint and "Otherwise" in f.hint


@pytest.mark.parametrize("text, span, words", [
    ("Roll a die. On 3 or less, take 1 wound. On 2–10, gain 1 gold.", "On 2–10, gain 1 gold.",
     "face 2 is already covered"),
    ("Roll two dice and add your Body. On 15 or more, gain 1 gold. On 12–16, lose 1 gold.",
     "On 12–16, lose 1 gold.", "total 15 is already covered"),
    ("Roll two dice and use the higher. On 1–11, take 1 wound.", "On 1–11, take 1 wound.",
     "1 to 10"),
    ("Roll a die. On 6 or more, gain 1 gold. On 0 or less, lose 1 gold.",
     "On 0 or less, lose 1 gold.", "names 0"),
])
def test_overlaps_and_results_never_rolled_stay_errors(text, span, words):
    ir, found = compile_ability(text, CTX)
    errors = [f for f in found if f.severity == "error"]
    assert ir is None and [f.code for f in errors] == ["RF419"]
    assert text[errors[0].span[0]:errors[0].span[1]] == span and words in errors[0].message
    assert not [f for f in found if f.code == "RF480"]  # no gap read past a wrong row


@pytest.mark.parametrize("text, code, at", [
    ("Test Body (7). Roll twice and use the higher result.", "RF481",
     "Roll twice and use the higher result."),
    ("Make a melee attack. Roll two dice and use the higher result.", "RF481",
     "Roll two dice and use the higher result."),
    ("That Hero takes 1 wound.", "RF481", "That Hero takes 1 wound"),
    ("Each Hero rolls a die. On 1–2, take 1 wound.", "RF481", "take 1 wound"),
    ("Gain 1 gold if the total is 8 or more.", "RF481", "if the total is 8 or more"),
    ("If the result is 8 or more, gain 1 gold.", "RF481",
     "If the result is 8 or more, gain 1 gold"),
    ("Roll a die. 1-3: gain 1 gold; otherwise, lose 1 gold. 4-6: take 1 wound; otherwise, "
     "draw 1 market card.", "RF481", "4-6: take 1 wound; otherwise, draw 1 market card."),
    ("Each Hero rolls a die. On 1–2, that Hero takes 1 wound. If the result is 9 or more, "
     "gain 1 gold.", "RF481", "gain 1 gold"),
    ("Roll three dice and add your Body. On 20 or more, gain 1 gold.", "RF301", "three"),
    ("Roll a die and use the higher result. On 1–10, gain 1 gold.", "RF301", "use"),
    ("Roll 3 dice. 1-5: take 1 wound. 6-10: gain 2 gold.", "RF301", "3"),  # one die or two
])
def test_what_cannot_be_rolled_is_refused_where_it_is_written(text, code, at):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == code, (e.code, str(e))
    assert text[e.start:e.end] == at, text[e.start:e.end]
    assert e.hint
    if "twice" in text or "use the higher" in text and code == "RF481":
        assert "a test or an attack is rolled once" in e.hint


def test_a_roll_with_no_rows_ends_too_early():
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Roll a die.")
    assert err.value.code == "RF303" and "'on'" in str(err.value)


def test_the_scenarios_run_each_roll():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    assert not result.diagnostics, [(d.code, d.message) for d in result.diagnostics]
    mine = [r for r in scenarios.run(result.content, result.compiled) if "lang-rbdice" in r.path]
    assert len(mine) == 8 and not [r.name for r in mine if not r.passed]
    assert {"roll_table", "each_hero"} <= set().union(*(r.ops for r in mine))


def test_the_engine_rolls_two_dice_adds_the_stat_and_keeps_the_higher():
    """The engine's own arithmetic, without the scenario runner: the same IR, three dice
    streams."""
    from runeforge.engine.runebound.core.ir_dice import row_for, total

    class Dice:
        def __init__(self, faces):
            self.faces = list(faces)

        def die(self, n):
            return self.faces.pop(0)

    class Engine:
        ruleset = type("R", (), {"die_faces": 10})()

        def __init__(self, faces):
            self.dice = Dice(faces)

        def stat(self, hero, name):
            return {"body": 4}[name]

    table = type("T", (), {"dice": 2, "add": "body", "keep": None})()
    assert total(Engine([9, 5]), None, table) == ([9, 5], 18)
    table.add, table.keep = None, "higher"
    assert total(Engine([2, 9]), None, table) == ([2, 9], 9)
    rows = [(18, None, "high"), (None, 11, "low")]
    assert row_for(rows, 18)[2] == "high" and row_for(rows, 11)[2] == "low"
    assert row_for(rows, 14) is None


def test_the_exact_odds_report_a_table_as_not_modelled():
    from runeforge.engine.runebound.analysis.before_model import before_model

    for text in ("Before Combat: roll two dice and add your Body. On 15 or more, this challenge "
                 "takes 1 wound. Otherwise, take 1 wound.",
                 "Before Combat: roll twice and use the higher result. On 6 or more, this "
                 "challenge takes 1 wound. Otherwise, nothing happens."):
        ir = compile_text(text, kind="challenge")
        [(_c, _i, _s, why)] = before_model([("sea-troll", 0, "challenge", ir)]).uncovered
        assert "not modelled" in why


def refused_lines(block: str) -> list[tuple[str, str, str]]:
    """(card kind, text, code) of each ``text => code`` line of docs/language.md's
    ``<block> <kind>`` fences (each branch's texts that must be refused)."""
    import re

    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    out = []
    for m in re.finditer(rf"^```{block} (\w+)\n(.*?)^```", doc, flags=re.M | re.S):
        out += [(m.group(1), *(p.strip() for p in line.split("=>")))
                for line in m.group(2).splitlines() if line.strip()]
    return out


def _refused_in_the_docs():
    return refused_lines("rbdice-refused")


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert {code for _k, _t, code in REFUSED_DOC} == {"RF480", "RF419", "RF481", "RF301"}


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC)
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    try:
        _ir, found = compile_ability(text, CardContext(kind, None, None, frozenset()))
    except AbilitySyntaxError as err:  # pragma: no cover - compile_ability reports, not raises
        found = [err]
    codes = [(f.code, getattr(f, "severity", "error")) for f in found]
    severity = "warning" if code == "RF480" else "error"
    assert (code, severity) in codes, codes
