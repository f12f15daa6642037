"""Issue 32 (branch rbtrig2): more event verbs of a trigger's clause, each said of the subjects
the language knows ("you", "your Hero"): the Hero's escape ("Whenever you escape from combat,"),
a test's result ("If you fail a Spirit test,", "Each time your Hero passes a test of Mind"),
and the movement roll, which the engine opens no window for (refused at its words, RF489).

Each variant prints as one canonical text and compiles to its IR; the new events run in the
engine (the scenarios of tests/data/lang-rbtrig2 fail without them); five locales render them;
the exact odds list the triggers as ignored, with whether they can change the odds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.text.render import render_ability
from tests.odds_support import exact_ignored
from tests.test_lang_rbtrig import _errors  # the same card contexts

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbtrig2"
LOCALES = ("en", "fi", "pl", "el", "ru")


# (as an author writes it, the canonical text, the card kind)
VARIANTS = [
    ("Whenever you escape from combat, take 1 exhaustion.",
     "Every time you escape, take 1 exhaustion.", "hero"),
    ("When your Hero escapes, gain 1 gold.", "Every time you escape, gain 1 gold.", "item"),
    ("Each time you escape from this challenge, take 1 wound.",
     "Every time you escape, take 1 wound.", "challenge"),
    ("Gain 2 gold whenever your Hero escapes from a challenge.",
     "Gain 2 gold every time you escape.", "ally"),
    ("If you fail a Spirit test, take 1 wound.",
     "Every time you fail a Spirit test, take 1 wound.", "item"),
    ("Whenever you fail a test of Body, gain 1 gold.",
     "Every time you fail a Body test, gain 1 gold.", "hero"),
    ("When your Hero passes a Mind Diplomacy test, gain 1 gold.",
     "Every time you pass a Mind Diplomacy test, gain 1 gold.", "ally"),
    ("If you succeed at a test of Body Swim, gain 1 experience.",
     "Every time you pass a Body Swim test, gain 1 experience.", "hero"),
    ("Each time you attack this challenge and fail, it heals 1 wound.",
     "Every time you attack and fail, discard 1 wound from this challenge.", "challenge"),
    ("Whenever your Hero attacks and misses, it heals 2 wounds.",
     "Every time you attack and fail, discard 2 wounds from this challenge.", "challenge"),
    ("At the start of your turn, heal 1 wound unless you are in a swamp space.",
     "At the start of your turn, discard 1 wound from your Hero unless your Hero is in a swamp "
     "space.", "hero"),
    ("Unless your Hero is in a town, take 1 exhaustion.",
     "Take 1 exhaustion unless your Hero is in a town.", "item"),
    ("Whenever you escape, gain 1 gold unless you have no Allies.",
     "Every time you escape, gain 1 gold unless you have no Allies.", "hero"),
    ("Before Combat: Take 1 wound unless you have no Allies.",
     "Before Combat: Take 1 wound unless you have no Allies.", "challenge"),
    ("Take 1 exhaustion to gain 2 gold unless you have no Allies.",
     "Take 1 exhaustion to gain 2 gold unless you have no Allies.", "hero"),
]


@pytest.mark.parametrize("variant, canonical, kind", VARIANTS)
def test_a_variant_is_its_canonical_form_and_compiles_to_its_ir(variant, canonical, kind):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    assert print_ability(parse_ability(canonical)) == canonical
    ir, errors = _errors(variant, kind)
    again, errors_again = _errors(canonical, kind)
    assert errors == [] and errors_again == [] and ir is not None
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}


@pytest.mark.parametrize("variant, canonical, kind", VARIANTS)
def test_every_canonical_form_renders_in_five_locales(variant, canonical, kind):
    ability = parse_ability(canonical)
    texts = {locale: render_ability(ability, locale) for locale in LOCALES}
    for locale, text in texts.items():
        assert text and "{" not in text and "event." not in text, (locale, text)
    assert texts["en"] == canonical
    assert len(set(texts.values())) == len(LOCALES)  # each language says it its own way


def test_the_new_events_lower_to_their_ir():
    ir, _ = _errors("Whenever you escape from combat, gain 1 gold.", "hero")
    assert ir["effects"][0]["event"] == {"kind": "escaped"}
    ir, _ = _errors("Each time you attack this challenge and fail, it heals 1 wound.", "challenge")
    assert ir["effects"][0]["effects"] == [{"op": "heal", "amount": {"kind": "fixed", "value": 1},
                                            "tokens": ["wound"], "target": "enemy"}]
    ir, _ = _errors("If you fail a Spirit test, gain 1 gold.", "item")
    assert ir["effects"][0]["event"] == {"kind": "test_result", "attribute": "spirit",
                                         "skill": None, "success": False}
    ir, _ = _errors("When you pass a Mind Diplomacy test, gain 1 gold.", "item")
    assert ir["effects"][0]["event"] == {"kind": "test_result", "attribute": "mind",
                                         "skill": "Diplomacy", "success": True}
    ir, _ = _errors("Take 1 wound unless you have no Allies.", "item")
    assert ir["effects"] == [{"op": "if_state", "condition": {"kind": "none", "token": "ally"},
                              "effects": [], "else": [{"op": "suffer", "amount": {
                                  "kind": "fixed", "value": 1}, "token": "wound",
                                  "target": "hero"}]}]
    # an outcome after a test is still the test's own outcome, not a trigger
    ir, _ = _errors("Test Spirit (9). If you fail, take 1 wound.", "item")
    assert [e["op"] for e in ir["effects"]] == ["test", "if"]


# (text, card kind, code, the words the finding points at)
REFUSED = [
    ("When you roll movement dice, gain 1 gold.", "hero", "RF489", "you roll movement dice"),
    ("Whenever your Hero rolls your movement dice, take 1 wound.", "item", "RF489",
     "your Hero rolls your movement dice"),
    ("Whenever you escape from this challenge, gain 1 gold.", "item", "RF450",
     "you escape from this challenge"),
    ("Each time you attack and fail, it heals 1 wound.", "hero", "RF450", "it heals 1 wound"),
    ("You receive +1 Body unless you are in a town.", "item", "RF490",
     "unless you are in a town"),
    ("Unless you have no Allies, you receive +1 Mind.", "hero", "RF490",
     "Unless you have no Allies, you receive +1 Mind"),
    # a limit before the trigger (stop 51): the engine counts uses, not firings, so it was
    # compiled to a text that fired every time once used; refused at the limit where a
    # sentence beside the trigger is used (branch runs: triggers alone count their firings)
    # (branch runs3: an effect said after the trigger is the trigger's, so the limit counts
    # the firings; one said before it is used)
    ("Once per turn, gain 1 gold. If you fail a Mind test, you may take 1 exhaustion to "
     "gain 2 gold.", "hero", "RF493", "Once per turn,"),
]


@pytest.mark.parametrize("text, kind, code, words", REFUSED)
def test_what_the_engine_cannot_run_is_refused_where_it_is_written(text, kind, code, words):
    _, errors = _errors(text, kind)
    found = [f for f in errors if f.code == code]
    assert found, errors
    start, end = found[0].span
    assert text[start:end] == words
    assert found[0].hint


def test_the_scenarios_run_each_trigger():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled) if "lang-rbtrig2" in r.path]
    assert len(mine) == 6 and not [(r.name, r.error) for r in mine if not r.passed]


def _engine(dice, *, item=None):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.resolver import Resolver
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import Hero, State
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = Hero.from_card(cat.card("varikas-the-dead").data)
    if item:
        hero.items.append(item)
    engine = Resolver(cat, State(heroes=[hero]), ScriptedDice(dice),
                      {hero.id: ScriptedPlayer([])}, BASE)
    return engine, hero


def test_only_a_test_of_the_attribute_said_and_with_that_result_sets_it_off():
    from runeforge.engine.runebound.core.effects import Context

    for attribute, natural, gold in (("spirit", 2, 1), ("spirit", 20, 0), ("mind", 2, 0)):
        engine, hero = _engine([natural], item="cracked-moonstone")
        engine.skill_test(Context(engine, hero, "some-encounter"), attribute, None, 12)
        assert hero.gold == gold, (attribute, natural)


def test_the_kernel_leaves_an_escape_trigger_to_the_engine():
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    kernel = compile_kernel(catalog(CONTENT), "varikas-the-dead", "sulking-bogle")
    assert kernel.fn is None and "escaped" in kernel.fallback


def test_the_exact_odds_list_the_triggers_as_ignored(cli):
    report, ignored = exact_ignored(cli, "varikas-the-dead", "sulking-bogle", CONTENT,
                                    items=["threadbare-cloak", "cracked-moonstone"])
    assert ignored["sulking-bogle"]["affects_odds"] is True  # its exhaustion changes the fight
    assert ignored["threadbare-cloak"]["affects_odds"] is False  # gold only
    assert ignored["cracked-moonstone"]["affects_odds"] is False
    assert report["covered"] is False


def test_the_exact_odds_report_an_unless_as_ignored(cli):
    _report, ignored = exact_ignored(cli, "varikas-the-dead", "jealous-kelpie", CONTENT,
                                     allies=["nervous-porter"])
    assert ignored["jealous-kelpie"]["affects_odds"] is True  # its wound changes the fight


def _refused_in_the_docs():
    from tests.test_lang_rbdice import refused_lines

    return refused_lines("rbtrig2-refused")


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert {code for _k, _t, code in REFUSED_DOC} == {"RF489", "RF450", "RF490"}


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC)
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    _, errors = _errors(text, kind)
    assert code in {f.code for f in errors}, errors
