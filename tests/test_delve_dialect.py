"""Delve's ability dialect (issue 13): parse/print round trip, each check code located in the
YAML, the IR of every bundled ability validates, ``fmt`` rewrites to the canonical text."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.diagnostics import DiagnosticError
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.errors import AbilitySyntaxError
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.delve.ir import IR_VERSION, validate_ability
from runeforge.games.delve.abilities import canonical_text, compile_card, lower
from runeforge.pipeline import check

V1_EVENTS = ("slay", "explored", "recuperated", "turn_end")   # the events of IR v1
WORDS = ("Shield", "Wall", "Ember", "Burst", "Quick", "Feet", "Lantern", "Hymn", "Iron")
nums = st.integers(min_value=0, max_value=999)
cost = st.builds(n.Cost, st.integers(0, 99), st.booleans())
attack = st.builds(n.Attack, st.sampled_from(n.TARGETS), st.sampled_from(n.RANGES), nums, nums)
effect = st.one_of(st.builds(n.Explore), st.builds(n.Move, nums), st.builds(n.Heal, nums),
                   st.builds(n.Renown, nums), st.builds(n.Skill), attack)
effects = st.lists(effect, min_size=1, max_size=3).map(tuple)
name = st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join)
ability = st.one_of(st.builds(n.Action, name, cost, effects), st.builds(n.Spend, cost, effects),
                    st.builds(n.Trigger, st.sampled_from(V1_EVENTS), effects))


@settings(max_examples=300, deadline=None)
@given(ability)
def test_print_then_parse_is_the_same_ast(ab):
    text = print_ability(ab)
    assert parse_ability(text) == ab
    assert print_ability(parse_ability(text)) == text


@settings(max_examples=200, deadline=None)
@given(ability)
def test_checked_abilities_lower_to_valid_ir(ab):
    if any(p.severity == "error" for p in check_ability(ab)):
        return
    validate_ability(lower(ab))


@pytest.mark.parametrize("text", [
    "Shield Wall (5+):  heal 1 wounds and GAIN 1 renown.",
    "Spend a hero die (4+) to move up to 1 spaces.",
    "every time you slay an adversary, gain 1 renown.",
])
def test_canonical_text_is_a_fixed_point(text):
    once = canonical_text(text)
    assert canonical_text(once) == once
    assert once[0].isupper() and once.endswith(".")


def test_a_syntax_error_is_located_with_a_hint():
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Cleave (3+): Attack an adjacent adversary: combat, Hit 4+, Damaje 2.")
    assert err.value.code == "RF302" and "Damage 2." in (err.value.hint or "")
    with pytest.raises(DiagnosticError):
        canonical_text("Cleave (3+): Heal 1 wound wound.")


PACK = """kind: manifest
id: delve-bad
name: Bad delve
type: set
origin: original
game: delve
"""
CASES = {
    "RF901": ("Cleave (7+): Attack an adjacent adversary: combat, Hit 4+, Damage 1.", "7"),
    "RF902": ("Spend a hero die (3+*) to heal 1 wound.", "*"),
    "RF903": ("Cleave (3+): Attack an adjacent adversary: combat, Hit 7+, Damage 1.", "7"),
    "RF904": ("Cleave (3+): Attack a visible adversary: area, Hit 4+, Damage 1.",
              "a visible adversary"),
    "RF905": ("Last Stand (6+*): Heal 1 wound.", "*"),
    "RF906": ("Cleave (3+): Attack an adjacent adversary: combat, Hit 4+, Damage 0.", "0"),
    "RF907": ("Cleave (3+): Attack an adjacent adversary: missile, Hit 4+, Damage 1.",
              "an adjacent adversary"),
    "RF912": ("Rest (2+): Heal 0 wounds.", "Heal 0 wounds"),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_check_code_is_located_in_the_yaml(tmp_path, code):
    text, at = CASES[code]
    (tmp_path / "manifest.yaml").write_text(PACK)
    (tmp_path / "skills.yaml").write_text(
        f'kind: skill\ncards:\n  - name: Odd Skill\n    origin: original\n'
        f'    abilities:\n      - "{text}"\n')
    result = check([tmp_path])
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, [str(d) for d in result.diagnostics]
    d = found[0]
    assert d.path.endswith("skills.yaml") and d.line == 6
    # the caret is under the offending part of the ability string (the string opens at column 10)
    assert d.col == 10 + text.index(at) and d.length == len(at)
    assert d.severity == ("warning" if code == "RF905" else "error")
    assert d.hint


def test_every_bundled_ability_compiles_to_valid_ir():
    result = check(())
    delve = [c for c in result.content.cards.values() if c.game == "delve"]
    count = 0
    for card in delve:
        irs, diags = compile_card(card, result.content)
        assert diags == []
        assert len(irs) == len(card.data.get("abilities", []) or [])
        assert result.compiled[card.id] == irs
        for ir in irs:
            validate_ability(ir)
            count += 1
    assert count >= 30 and IR_VERSION == 3


@pytest.mark.parametrize("bad", [
    {"form": "spend", "cost": {"need": 3, "escalating": True}, "effects": [{"op": "explore"}]},
    {"form": "action", "name": "X", "cost": {"need": 7, "escalating": False},
     "effects": [{"op": "explore"}]},
    {"form": "trigger", "event": "slay", "cost": {"need": 1, "escalating": False},
     "effects": [{"op": "explore"}]},
    {"form": "action", "name": "X", "cost": {"need": 2, "escalating": False},
     "effects": [{"op": "attack", "target": "adjacent", "range": "area", "hit": 4,
                  "damage": 1}]},
])
def test_the_ir_validator_refuses_bad_ir(bad):
    with pytest.raises(ValueError):
        validate_ability(bad)


def test_fmt_rewrites_a_delve_file_to_the_canonical_text(tmp_path):
    from click.testing import CliRunner

    from runeforge.cli import main

    (tmp_path / "manifest.yaml").write_text(PACK)
    path = tmp_path / "skills.yaml"
    path.write_text('kind: skill\ncards:\n  - name: Odd Skill\n    origin: original\n'
                    '    abilities:\n      - "Odd Skill (2+):  heal 1 wounds."\n')
    runner = CliRunner()
    assert runner.invoke(main, ["fmt", "--check", str(tmp_path)]).exit_code == 1
    assert runner.invoke(main, ["fmt", str(tmp_path)]).exit_code == 0
    assert '"Odd Skill (2+): Heal 1 wound."' in path.read_text()
    assert runner.invoke(main, ["fmt", "--check", str(tmp_path)]).exit_code == 0


def test_bundled_delve_files_are_canonical():
    from click.testing import CliRunner

    from runeforge.cli import main

    cards = Path(__file__).resolve().parent.parent / "cards" / "delve"
    assert CliRunner().invoke(main, ["fmt", "--check", str(cards)]).exit_code == 0


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80),
                 st.lists(st.sampled_from(["Spend", "a", "hero", "die", "(3+)", "(4+*)", "to",
                                           "heal", "1", "wound", "Attack", ":", ",", ".",
                                           "Every", "time", "you", "Cleave", "(", "+", "*",
                                           "area", "Hit", "Damage", "and", "move", "up"]),
                          max_size=14).map(" ".join)))
def test_any_text_parses_or_gives_a_located_syntax_error(text):
    try:
        ability = parse_ability(text)
    except AbilitySyntaxError as err:
        assert 0 <= err.start < err.end and err.code in ("RF301", "RF302", "RF303", "RF305")
        with pytest.raises(DiagnosticError):
            canonical_text(text)
        return
    check_ability(ability)
    assert parse_ability(print_ability(ability)) == ability
