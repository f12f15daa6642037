"""Issue 32 (branch rbtrig): a trigger's clause and a condition built as English builds them, a
subject ("you", "your Hero", "this Ally"), a verb that agrees with it (active or passive) and its
objects.

Each variant prints as one canonical text and compiles to its IR; the new events (the figure's
attack roll "you attack and fail", "this Ally attacks and succeeds", and "this Ally is
discarded") run in the engine (the scenarios of tests/data/lang-rbtrig and the engine tests
below); what names no card, or an attack against a figure its maker does not fight, is refused
at check where it is written (RF450, RF478); five locales render it; the exact odds list the
triggers as ignored, with whether they can change the odds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability
from tests.odds_support import exact_ignored

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbtrig"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind: str) -> CardContext:
    return CardContext(kind, "constant" if kind == "item" else None, None,
                       frozenset({"Swim", "Climb", "Diplomacy"}))


def _errors(text: str, kind: str):
    ir, findings = compile_ability(text, _ctx(kind))
    return ir, [f for f in findings if f.severity == "error"]


# (as an author writes it, the canonical text, the card kind)
VARIANTS = [
    ("Whenever your Hero defeats a red challenge, gain 1 gold.",
     "Every time you defeat a challenge, if your enemy is a red challenge, gain 1 gold.", "item"),
    ("Each time you defeat a green or yellow challenge, gain 1 experience.",
     "Every time you defeat a challenge, if your enemy is a green or yellow challenge, gain 1 "
     "experience.", "hero"),
    ("When your Hero defeats a blue challenge, discard 1 wound from your Hero.",
     "When you defeat a challenge, if your enemy is a blue challenge, discard 1 wound from your "
     "Hero.", "hero"),
    ("When your Hero enters a forest, heal 1 wound.",
     "Every time your Hero enters a forest space, discard 1 wound from your Hero.", "hero"),
    ("Each time this Ally is wounded, take 1 exhaustion.",
     "Every time this Ally takes 1 or more wounds, take 1 exhaustion.", "ally"),
    ("Whenever you are wounded, gain 1 gold.",
     "Every time your Hero takes 1 or more wounds, gain 1 gold.", "item"),
    ("When your Hero is wounded, draw 1 market card.",
     "Every time your Hero takes 1 or more wounds, draw 1 market card.", "hero"),
    ("When this Ally is discarded, gain 3 gold.",
     "Every time this Ally is discarded, gain 3 gold.", "ally"),
    ("Each time you attack this challenge and fail, take 1 wound.",
     "Every time you attack and fail, take 1 wound.", "challenge"),
    ("When you attack and succeed, gain 1 gold.",
     "Every time you attack and succeed, gain 1 gold.", "hero"),
    ("Whenever your Hero attacks your enemy and misses, take 1 exhaustion.",
     "Every time you attack and fail, take 1 exhaustion.", "item"),
    ("Each time this Ally attacks and hits, gain 1 gold.",
     "Every time this Ally attacks and succeeds, gain 1 gold.", "ally"),
    ("Gain 1 gold whenever this Ally attacks and fails.",
     "Gain 1 gold every time this Ally attacks and fails.", "ally"),
    ("Magic: Make a magic attack. If this Ally's attack succeeds, gain 1 gold.",
     "Magic: Make a magic attack. If you succeed, gain 1 gold.", "ally"),
    ("Melee: Make a melee attack. If this Ally\u2019s attack misses, take 1 wound.",
     "Melee: Make a melee attack. If you fail, take 1 wound.", "ally"),
    ("Ranged: Make a ranged attack. If your attack hits, gain 1 gold.",
     "Ranged: Make a ranged attack. If you succeed, gain 1 gold.", "hero"),
    ("Magic: Make a magic attack against your enemy.", "Magic: Make a magic attack.", "ally"),
    ("Before Combat: Make a ranged attack against your enemy. If it misses, take 1 wound.",
     "Before Combat: Make a ranged attack. If you fail, take 1 wound.", "hero"),
    ("Ranged: Make a ranged attack against your Hero.", "Ranged: Make a ranged attack.",
     "challenge"),
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
    for locale in LOCALES:
        text = render_ability(ability, locale)
        assert text and "{" not in text and "event." not in text, (locale, text)
    assert render_ability(ability, "en") == canonical


def test_the_new_events_lower_to_their_ir():
    ir, _ = _errors("Each time you attack this challenge and fail, take 1 wound.", "challenge")
    assert ir["effects"][0]["event"] == {"kind": "attack_result", "who": "hero",
                                         "success": False}
    ir, _ = _errors("Whenever this Ally attacks and succeeds, gain 1 gold.", "ally")
    assert ir["effects"][0]["event"] == {"kind": "attack_result", "who": "this_ally",
                                         "success": True}
    ir, _ = _errors("When this Ally is discarded, gain 1 gold.", "ally")
    assert ir["effects"][0]["event"] == {"kind": "ally_discarded"}
    ir, _ = _errors("Whenever your Hero defeats a red challenge, gain 1 gold.", "hero")
    (trigger,) = ir["effects"]
    assert trigger["event"] == {"kind": "defeat_challenge"}
    assert trigger["effects"][0]["op"] == "if_state"
    assert trigger["effects"][0]["condition"]["kind"] == "enemy_colour"


# (text, card kind, code, the words the finding points at)
REFUSED = [
    ("When this Ally is discarded, gain 1 gold.", "item", "RF450", "this Ally is discarded"),
    ("Whenever this Ally is wounded, gain 1 gold.", "hero", "RF450", "this Ally is wounded"),
    ("Each time this Ally attacks and fails, gain 1 gold.", "challenge", "RF450",
     "this Ally attacks and fails"),
    ("Each time you attack this challenge and fail, gain 1 gold.", "hero", "RF450",
     "you attack this challenge and fail"),
    ("Magic: Make a magic attack. If this Ally's attack succeeds, gain 1 gold.", "hero",
     "RF450", "If this Ally's attack succeeds, gain 1 gold"),
    ("Melee: Make a melee attack against your Hero.", "hero", "RF478",
     "Make a melee attack against your Hero"),
    ("Ranged: Make a ranged attack against your enemy.", "challenge", "RF478",
     "Make a ranged attack against your enemy"),
    ("Whenever you attack and fail, make a magic attack.", "hero", "RF444",
     "Whenever you attack and fail, make a magic attack"),
]


@pytest.mark.parametrize("text, kind, code, words", REFUSED)
def test_what_names_no_card_or_the_wrong_figure_is_refused_where_it_is_written(
        text, kind, code, words):
    _, errors = _errors(text, kind)
    found = [f for f in errors if f.code == code]
    assert found, errors
    start, end = found[0].span
    assert text[start:end] == words
    assert found[0].hint


def test_this_allys_attack_after_a_test_is_refused_at_its_words():
    from runeforge.dsl.errors import AbilitySyntaxError

    text = "Test Body (6). If this Ally's attack succeeds, gain 1 gold."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.start == len("Test Body (6). ")


def test_the_scenarios_run_each_trigger():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled) if "lang-rbtrig" in r.path]
    assert len(mine) == 6 and not [(r.name, r.error) for r in mine if not r.passed]


def _lantern():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.resolver import Resolver
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import Hero, State
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = Hero.from_card(cat.card("varikas-the-dead").data)
    lantern, piper = cat.new_ally("lantern-bearer"), cat.new_ally("reed-piper")
    hero.allies = [piper, lantern]
    engine = Resolver(cat, State(heroes=[hero]), ScriptedDice([]),
                      {hero.id: ScriptedPlayer([("discard_ally", "lantern-bearer")])}, BASE)
    return engine, hero, lantern


def test_this_ally_is_discarded_when_paid_as_its_cost():
    engine, hero, lantern = _lantern()
    engine.discard_this_ally(hero, lantern.id)
    assert lantern not in hero.allies and hero.gold == 2


def test_this_ally_is_discarded_by_an_effect_and_only_this_ally_pays():
    from runeforge.engine.runebound.core.effects import Context, build_effect

    engine, hero, lantern = _lantern()
    build_effect({"op": "discard_ally"}).run(Context(engine, hero, "some-event"))
    assert lantern not in hero.allies and hero.gold == 2
    engine, hero, lantern = _lantern()
    engine.discard_this_ally(hero, "reed-piper")  # another Ally leaves: nothing
    assert lantern in hero.allies and hero.gold == 0


def test_the_kernel_leaves_an_attack_trigger_to_the_engine():
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    kernel = compile_kernel(catalog(CONTENT), "varikas-the-dead", "briar-stag")
    assert kernel.fn is None and "attack_result" in kernel.fallback


def test_the_exact_odds_list_the_triggers_as_ignored(cli):
    report, ignored = exact_ignored(cli, "varikas-the-dead", "briar-stag", CONTENT,
                                    items=["keen-whetstone"], allies=["reed-piper"])
    assert ignored["briar-stag"]["affects_odds"] is True  # its wound changes the fight
    assert ignored["keen-whetstone"]["affects_odds"] is False  # gold only
    assert ignored["reed-piper"]["affects_odds"] is False
    assert report["covered"] is False
