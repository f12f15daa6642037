"""A card text as a sequence of abilities (issue 32, part III; dsl/runebound/sequence.py).

A printed card often says several abilities in one paragraph, each opened by its own label or
time clause ("Before Combat: ... Reward: 3 gold."). A text that parses whole is one ability,
as before; otherwise it is cut before each sentence that opens an ability, and each part is an
ability of its own: checked, lowered, run, rendered and printed as if written on its own line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.dsl.runebound.sequence import parse_card_text, parse_text, print_card_text
from runeforge.games.runebound.abilities import canonical_text, compile_abilities, compile_ability
from runeforge.games.runebound.checks import CardContext

ROOT = Path(__file__).resolve().parent.parent
SEQUENCE = ROOT / "tests" / "data" / "card_sequence"
SKILLS = frozenset({"Swim", "Climb", "Diplomacy", "Stealth"})
CHALLENGE = CardContext("challenge", None, None, SKILLS)


def _windows(text: str, ctx: CardContext = CHALLENGE) -> list:
    irs, findings = compile_abilities(text, ctx)
    assert irs is not None, [(f.code, f.message) for f in findings]
    return [(ir["timing"].get("tag"), ir["timing"].get("window")) for ir in irs]


@pytest.mark.parametrize("text, parts", [
    ("Before Combat: Test Body Climb (13). If you fail, take 2 wounds. Reward: 3 gold.",
     [("before_combat", None), (None, "defeat_challenge")]),
    ("Ranged: Your Hero takes 1 exhaustion. Melee: Your Hero takes 1 wound.",
     [("ranged", None), ("melee", None)]),
    ("Melee: Your Hero takes 1 wound. After combat, gain 2 gold. Reward: 1 gold.",
     [("melee", None), (None, "after_combat"), (None, "defeat_challenge")]),
])
def test_a_text_of_several_abilities_compiles_to_one_ir_each_in_its_window(text, parts):
    got = _windows(text)
    assert len(got) == len(parts)
    for (tag, window), (want_tag, want_window) in zip(got, parts, strict=True):
        assert want_tag is None or tag == want_tag, got
        assert want_window is None or window == want_window, got


def test_each_part_compiles_as_it_would_alone():
    text = "Before Combat: Test Body Climb (13). If you fail, take 2 wounds. Reward: 3 gold."
    first, second = "Before Combat: Test Body Climb (13). If you fail, take 2 wounds.", \
        "Reward: 3 gold."
    irs, _ = compile_abilities(text, CHALLENGE)
    assert irs == [compile_ability(first, CHALLENGE)[0], compile_ability(second, CHALLENGE)[0]]


@pytest.mark.parametrize("text", [
    "Activate to gain 2 gold. When you do, take 1 wound.",  # a whole that does not parse ...
    "Gain 1 gold. 3 gold.",                                  # ... and no sentence opens one
])
def test_a_text_that_cannot_be_cut_reports_the_whole_texts_error(text):
    with pytest.raises(AbilitySyntaxError) as whole:
        parse_ability(text)
    with pytest.raises(AbilitySyntaxError) as err:
        parse_text(text)
    assert (err.value.start, err.value.code) == (whole.value.start, whole.value.code)


def test_a_text_that_parses_whole_is_one_ability_as_before():
    """A limit or condition that reads across sentences stays with its ability: nothing
    that compiled before is cut."""
    corpus = yaml.safe_load((ROOT / "tests/data/corpus/runebound.yaml").read_text("utf-8"))
    whole = 0
    for form in corpus["forms"]:
        try:
            ability = parse_ability(form["text"])
        except AbilitySyntaxError:
            continue
        whole += 1
        assert parse_text(form["text"]) == ((0, ability),)
    assert whole > 100


def test_an_error_in_a_later_part_is_placed_in_the_whole_text_with_a_whole_text_hint():
    text = "Before Combat: Test Body Climb (13). If you fail, take 2 wounds. Reward: 3 glod."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_text(text)
    assert text[err.value.start:err.value.end] == "glod"
    assert err.value.hint == f"did you mean 'gold'? ('{text.replace('glod', 'gold')}')"
    parse_text(text.replace("glod", "gold"))  # the proposal parses
    irs, findings = compile_abilities(text, CHALLENGE)
    assert irs is None and text[slice(*findings[0].span)] == "glod"


def test_a_check_finding_in_a_later_part_is_placed_in_the_whole_text():
    """A semantic error (not a syntax one) in the second ability points into the whole text."""
    text = "Melee: Your Hero takes 1 wound. Reward: 2 gold."
    irs, findings = compile_abilities(text, CardContext("item", "constant", None, SKILLS))
    errors = [f for f in findings if f.severity == "error"]
    assert irs is None and errors
    assert text[slice(*errors[-1].span)].startswith("Reward:")


@pytest.mark.parametrize("text", [
    "Before combat: test Body Climb (13). If you fail, take 2 wounds. Reward: 3 gold.",
    "Ranged: Your Hero takes one exhaustion. Melee: your Hero takes 1 wound.",
])
def test_fmt_prints_each_part_canonically_and_the_result_reads_back_as_the_same_parts(text):
    printed = canonical_text(text)
    parts = parse_text(text)
    assert printed == " ".join(print_ability(a) for _, a in parts)
    again = parse_text(printed)
    assert [print_ability(a) for _, a in again] == [print_ability(a) for _, a in parts]
    assert canonical_text(printed) == printed
    assert print_card_text(parse_card_text(printed)) == printed


def _opens(text: str) -> bool:
    """A corpus form that opens an ability of its own (a label and colon, or a time clause)."""
    head = text.split(" ", 1)[0]
    return head.endswith(":") or head in {"When", "Whenever", "After", "At", "During"}


_CORPUS = yaml.safe_load((ROOT / "tests/data/corpus/runebound.yaml").read_text("utf-8"))
_OPENING = sorted({f["text"] for f in _CORPUS["forms"]
                   if _opens(f["text"]) and f["text"].endswith(".")
                   and len(parse_text(f["text"])) == 1})


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_OPENING), min_size=2, max_size=3))
def test_any_sequence_of_opening_abilities_round_trips(texts):
    """Abilities that each open with a label or time clause, written one after another, print
    and read back as the same abilities, whether or not the whole also reads as one."""
    joined = " ".join(texts)
    parts = parse_text(joined)
    printed = canonical_text(joined)
    assert [print_ability(a) for _, a in parse_text(printed)] == \
        [print_ability(a) for _, a in parts]
    if len(parts) > 1:
        assert [print_ability(a) for _, a in parts] == texts


def test_the_scenarios_of_texts_of_several_abilities_and_of_a_payment_or_a_harm_pass():
    """One text with Ranged:, Melee: and After combat, abilities does on the same dice what
    the Gilded Ogre's three lines do; "Take 2 wounds or pay 2 gold." asks a Hero who can pay,
    pays or wounds as answered, and wounds without asking a Hero who cannot
    (tests/data/card_sequence/sequence.scenarios.yaml)."""
    from runeforge import pipeline
    from tests.engine_bundle import folder_scenarios

    result = pipeline.check([str(SEQUENCE)])
    assert result.ok, [str(d) for d in result.errors][:3]
    results, failed = folder_scenarios(result, SEQUENCE)
    assert len(results) == 7
    assert not failed, "\n".join(failed)
    irs = result.compiled["paragraph-ogre"]
    assert [ir["source"] for ir in irs] == [
        "Ranged: Once per combat, your Hero takes 1 exhaustion.",
        "Melee: Your Hero takes 1 wound.", "After combat, gain 5 gold."]
    [toll] = result.compiled["toll-gate"]
    assert toll["effects"] == [{"op": "pay_or",
                                "costs": [{"op": "gold", "amount": {"kind": "fixed", "value": 2}}],
                                "effects": [{"op": "suffer", "token": "wound", "target": "hero",
                                             "amount": {"kind": "fixed", "value": 2}}]}]


def test_losing_gold_or_a_wound_stays_a_choice_that_needs_no_gold():
    """"lose" is not "pay": the choice offers losing gold also to a Hero with none; only
    "pay ... or ..." is a payment (and "Choose one: pay 2 gold; ..." is refused: a payment is
    not an option to choose)."""
    ctx = CardContext("encounter", None, None, SKILLS)
    irs, _ = compile_abilities("Lose 2 gold or take 2 wounds.", ctx)
    assert [e["op"] for e in irs[0]["effects"]] == ["choose"]
    irs, findings = compile_abilities("Choose one: pay 2 gold; or take 2 wounds.", ctx)
    assert irs is None and [f.code for f in findings] == ["RF301"]


def test_the_language_servers_hover_shows_every_ir_a_string_holds():
    """One ability string of several abilities compiles to several IRs; the hover of that
    string shows all of them (and a string of one ability its one IR)."""
    from runeforge.analysis import AnalysisService
    from runeforge.lsp.hover import _ir_of

    service = AnalysisService([str(SEQUENCE)])
    service.check_all()
    ogre = service.content.cards["paragraph-ogre"]
    irs = _ir_of(service, ogre, 0)
    assert [ir["source"] for ir in irs] == [
        "Ranged: Once per combat, your Hero takes 1 exhaustion.",
        "Melee: Your Hero takes 1 wound.", "After combat, gain 5 gold."]
    toll = _ir_of(service, service.content.cards["toll-gate"], 0)
    assert toll["source"] == "Pay 2 gold or take 2 wounds."
    assert _ir_of(service, ogre, 1) is None  # no second string


def test_the_hover_of_a_delve_string_of_several_abilities_shows_each_ir(tmp_path):
    """Delve's dialect parse reads a text of several abilities as the compiler does (a rule,
    then an action), so the language server's hover shows both IRs and the structure of
    each; before, the dialect parsed one ability only, and the hover showed no IR."""
    import shutil

    from runeforge.analysis import AnalysisService
    from runeforge.loader import bundled_dir
    from runeforge.lsp.hover import _ir_of, structure

    root = tmp_path / "delve"
    shutil.copytree(bundled_dir() / "delve", root)
    heroes = root / "heroes.yaml"
    text = heroes.read_text(encoding="utf-8")
    old = '"Quick Feet (2+): Move up to 2 spaces."'
    assert old in text
    heroes.write_text(text.replace(
        old, '"You are never pinned. Quick Feet (2+): Move up to 2 spaces."'), encoding="utf-8")
    service = AnalysisService([str(root)], include_bundled=False)
    service.check_all()
    sefa = next(c for c in service.content.cards.values() if c.name == "Sefa Quillmark")
    irs = _ir_of(service, sefa, 2)
    assert isinstance(irs, list) and len(irs) == 2, irs
    assert _ir_of(service, sefa, 0) is not None and not isinstance(_ir_of(service, sefa, 0), list)
    lines = structure("delve", "You are never pinned. Quick Feet (2+): Move up to 2 spaces.")
    assert not lines[0].startswith("does not parse"), lines
