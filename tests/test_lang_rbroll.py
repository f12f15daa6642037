"""Branch rbroll (issue 32, part III): tests named by their skill alone ("When you test
Stealth, ..."), any test ("a skill test"), and the bonuses said to them ("+2 on Swim tests",
"Swim tests you make receive +2", "adds 3 to all tests of Spirit skills", "add 4 to the roll"
under a test's trigger, "Add 4 to your roll whenever you attempt to escape"). Each parses to
its canonical form, renders in the five locales, and runs: the engine adds the bonus to the
test it names (the test would fail without it) and to no other."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from tests.test_lang_when import _compiled, _test_roll

VARIANTS = [
    ("When you test Stealth, add 2 to the roll.", "Every time you test Stealth, add 2 to the result."),
    ("Whenever you make a Swim test, add 2 to the result.",
     "Every time you test Swim, add 2 to the result."),
    ("Swim tests you make receive +2.", "Every time you test Swim, add 2 to the result."),
    ("You receive +2 on Swim tests.", "Every time you test Swim, add 2 to the result."),
    ("You receive +2 on every Spirit skill test.",
     "Every time you test Spirit, add 2 to the result."),
    ("Your Hero adds 3 to all tests of Spirit skills.",
     "Every time you test Spirit, add 3 to the result."),
    ("Spirit tests receive +1.", "Every time you test Spirit, add 1 to the result."),
    ("Every time you test a Body skill, add 1 to the result.",
     "Every time you test Body, add 1 to the result."),
    ("You get +1 on any skill test.", "Every time you take a skill test, add 1 to the result."),
    ("Add 1 to all your Body Climb tests.", "Every time you test Body Climb, add 1 to the result."),
    ("When you take a skill test, you may take 1 exhaustion to add 2 to the roll.",
     "Every time you take a skill test, take 1 exhaustion to add 2 to the result."),
    ("Add 4 to your roll whenever you attempt to escape.", "You receive +4 to escape rolls."),
]


@pytest.mark.parametrize("variant, canonical", VARIANTS)
def test_a_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    assert print_ability(parse_ability(canonical)) == canonical


def test_a_skill_alone_fires_for_that_skill_whatever_its_attribute():
    """'+2 on Swim tests' adds to a Body Swim test and a Mind Swim test alike, not to another
    skill's test nor a test of no skill; the roll is 1 short without it."""
    rule = "You receive +2 on Swim tests."
    assert _test_roll(None, "body", "Swim", 10, 11 + _stat("body"))[0] is False
    assert _test_roll(rule, "body", "Swim", 10, 11 + _stat("body"))[0] is True
    assert _test_roll(rule, "mind", "swim", 10, 11 + _stat("mind"))[0] is True
    assert _test_roll(rule, "body", "Diplomacy", 10, 11 + _stat("body"))[0] is False
    assert _test_roll(rule, "body", None, 10, 11 + _stat("body"))[0] is False


def test_any_skill_test_fires_for_every_test():
    rule = "You get +1 on any skill test."
    for attribute, skill in (("mind", None), ("spirit", "Diplomacy"), ("body", "Swim")):
        target = 11 + _stat(attribute)
        assert _test_roll(None, attribute, skill, 10, target)[0] is False
        assert _test_roll(rule, attribute, skill, 10, target)[0] is True


def test_a_failed_skill_test_trigger_with_no_attribute_matches_any():
    """The IR event test_result with attribute null (the engine's matcher): any failed test."""
    from runeforge.engine.runebound.core.effects_trig2 import _test_result

    class _Owner:
        id = "h"

    class _Ctx:
        owner = _Owner()

    trigger = {"kind": "test_result", "attribute": None, "skill": None, "success": False}
    event = {"kind": "test_result", "hero": "h", "attribute": "body", "skill": None,
             "success": False}
    assert _test_result(trigger, event, _Ctx())
    assert not _test_result({**trigger, "attribute": "mind"}, event, _Ctx())


def test_the_escape_roll_takes_the_bonus():
    ir = _compiled("Add 4 to your roll whenever you attempt to escape.", "ally")
    assert ir["effects"] == [{"op": "modify", "target": "hero", "stat": "escape_roll",
                              "value": 4}]


def test_the_test_event_of_a_skill_alone_lowers_with_no_attribute():
    ir = _compiled("When you test Swim, add 2 to the roll.")
    assert ir["effects"][0]["event"] == {"kind": "test", "attribute": None, "skill": "Swim"}


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
@pytest.mark.parametrize("text, word", [("You receive +2 on Swim tests.", "Swim"),
                                        ("You get +1 on any skill test.", None)])
def test_the_new_events_render_in_every_locale(locale, text, word):
    from runeforge.games.runebound.text.render import render_ability

    rendered = render_ability(parse_ability(text), locale)
    assert rendered and "{" not in rendered and "event.test" not in rendered
    if locale == "en":
        assert rendered.startswith("Every time you ")
    if word and locale == "en":
        assert word in rendered


def _stat(attribute: str) -> int:
    from tests.test_lang_core import _game

    game, (hero, _) = _game()
    return game.combat.stat(hero, attribute)


# ---- rerolls: "roll again", the better of two, a failed attack roll only ------------------------

KNUCKLE = "knucklebone-of-second-chances"
ANSWERS = [("escape", False), ("phase_action", "defend"), ("phase_action", "attack"),
           ("use_ability", f"{KNUCKLE}#0"), ("phase_action", "defend"), ("escape", True)]


def _fight(text: str, dice, answers=ANSWERS):
    """The combat log of Varikas (Body 4) with the Knucklebone, its ability compiled from
    ``text``, against the Hungry Wolves (melee target 11; no ranged damage, so no ranged roll)."""
    from pathlib import Path

    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.games.runebound.abilities import compile_text
    from tests.engine_bundle import bundle, fight

    data = bundle(Path(__file__).resolve().parents[1] / "tests" / "lang_combat")
    card = next(c for c in data["cards"] if c["id"] == KNUCKLE)
    card["abilities"] = [compile_text(text, kind="item")]
    cat = Catalog(data)
    hero = cat.new_hero("varikas-the-dead", items=[KNUCKLE])
    _, combat, _ = fight(cat, hero, "hungry-wolves", dice, answers)
    return hero, combat.log.records


def _melee_wounds(log, figure):
    return sum(r["amount"] for r in log if r["type"] == "wounds_inflicted"
               and r.get("phase") == "melee" and r["figure"] == figure)


def test_the_better_of_two_keeps_a_success_the_second_roll_misses():
    """An attack of 20 + 4 hits; used anyway, the second roll (2 + 4) misses: the better of the
    two counts (the wolves take the melee wounds), where a plain reroll keeps the miss."""
    better = "Once per combat, take 1 exhaustion to roll your combat roll twice and use the " \
             "higher result."
    hero, log = _fight(better, [20, 2, 20, 20])
    assert hero.exhaustion == 1 and any(r["type"] == "reroll" for r in log)
    assert _melee_wounds(log, "hungry-wolves") > 0
    assert _melee_wounds(log, "varikas-the-dead") == 0
    _, plain = _fight("Once per combat, take 1 exhaustion to reroll your combat roll.",
                      [20, 2, 20, 20])
    assert _melee_wounds(plain, "hungry-wolves") == 0


def test_a_failed_attack_reroll_is_not_offered_after_a_failed_defence():
    """'If your attack fails, you may roll again': a melee defence of 2 + 4 fails and is not
    offered; a melee attack of 6 + 4 fails, is offered, and the reroll (7 + 4) hits."""
    text = "Melee: If your melee attack fails, you may roll again."
    defend = [("escape", False), ("phase_action", "defend"), ("phase_action", "defend"),
              ("phase_action", "defend"), ("escape", True)]
    _, log = _fight(text, [2, 20, 20], defend)
    assert not [r for r in log if r["type"] == "decision" and r["kind"] == "use_ability"
                and f"{KNUCKLE}#0" in r["options"]]
    _, log = _fight(text, [6, 7, 20, 20], ANSWERS[:4] + [("optional", True)] + ANSWERS[4:])
    assert [r["success"] for r in log if r["type"] == "roll" and r.get("phase") == "melee"
            and r.get("purpose") == "attack"] == [False, True]


REROLLS = [
    ("Melee: You may roll again.", "Melee: You may reroll your combat roll."),
    ("Any Phase: Take 1 exhaustion to reroll a failed combat roll. You must accept the second "
     "result.", "Any Phase: Take 1 exhaustion to reroll a failed combat roll."),
    ("Magic: Once per combat, if your magic attack fails, you may roll again. You must keep the "
     "second result.", "Magic: Once per combat, you may reroll a failed attack roll."),
    ("Melee: Take 1 exhaustion to roll your combat roll twice and use the better result.",
     "Melee: Take 1 exhaustion to roll your combat roll twice and use the higher result."),
    ("Melee: Take 1 exhaustion to roll twice and choose either result.",
     "Melee: Take 1 exhaustion to roll your combat roll twice and use the higher result."),
    ("Ranged: If your attack fails, reroll it.", "Ranged: Reroll a failed attack roll."),
]


@pytest.mark.parametrize("variant, canonical", REROLLS)
def test_a_reroll_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    assert print_ability(parse_ability(canonical)) == canonical


def test_the_new_rerolls_lower_to_their_ir():
    assert _compiled("Melee: Take 1 exhaustion to roll your combat roll twice and use the "
                     "higher result.", "item")["effects"] == [{"op": "reroll", "better": True}]
    assert _compiled("Ranged: Reroll a failed attack roll.", "item")["effects"] == \
        [{"op": "reroll", "failed": True, "attack": True}]


@pytest.mark.parametrize("text", ["You must keep the second result.",
                                  "Melee: Take 1 exhaustion to roll your combat roll twice and "
                                  "use the higher result. You must keep the second result."])
def test_keep_the_second_result_with_no_plain_reroll_is_refused(text):
    from runeforge.dsl.errors import AbilitySyntaxError

    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF580"
    assert text[err.value.start:err.value.end].startswith("You must keep")


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
@pytest.mark.parametrize("text", [
    "Melee: Take 1 exhaustion to roll your combat roll twice and use the higher result.",
    "Melee: You may roll your combat roll twice and use the higher result.",
    "Ranged: Reroll a failed attack roll."])
def test_the_new_rerolls_render_in_every_locale(locale, text):
    from runeforge.games.runebound.text.render import render_ability

    rendered = render_ability(parse_ability(text), locale)
    assert rendered and "{" not in rendered and "effect.reroll" not in rendered
    if locale == "en":
        assert rendered.lower().replace("melee: ", "").replace("ranged: ", "") in \
            text.lower()


# ---- a test's result by its skill alone, or any test's --------------------------------------------

RESULTS = [
    ("Whenever your Hero fails a skill test, gain 1 gold.",
     "Every time you fail a skill test, gain 1 gold."),
    ("If you fail a Swim test, take 1 exhaustion.",
     "Every time you fail a Swim test, take 1 exhaustion."),
    ("When you pass a Mind skill test, gain 1 gold.",
     "Every time you pass a Mind test, gain 1 gold."),
]


@pytest.mark.parametrize("variant, canonical", RESULTS)
def test_a_result_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)


def test_a_failed_skill_test_fires_for_any_test_and_a_skill_for_its_own():
    """'fails a skill test' pays on a failed test of any attribute and none on a pass; 'fail a
    Swim test' on a failed Swim test only (the roll of 2 fails every target of 30)."""
    rule = "Whenever your Hero fails a skill test, gain 1 gold."
    assert _test_roll(rule, "body", None, 2, 30)[2] == 1
    assert _test_roll(rule, "spirit", "Diplomacy", 2, 30)[2] == 1
    assert _test_roll(rule, "mind", None, 20, 2)[2] == 0
    swim = "If you fail a Swim test, gain 1 gold."
    assert _test_roll(swim, "mind", "Swim", 2, 30)[2] == 1
    assert _test_roll(swim, "mind", "Diplomacy", 2, 30)[2] == 0


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
@pytest.mark.parametrize("text", [r[1] for r in RESULTS])
def test_a_result_renders_in_every_locale(locale, text):
    from runeforge.games.runebound.text.render import render_ability

    rendered = render_ability(parse_ability(text), locale)
    assert rendered and "{" not in rendered and "event.test_result" not in rendered
