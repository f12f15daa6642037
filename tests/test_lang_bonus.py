"""Bonuses, amounts and tokens as English says them (issue 32, session bonus): each wording is a
form the language already has, so it parses to that form's AST, `fmt` prints the form, it lowers
to the form's IR and the engine runs it (the numbers change); what the engine cannot run is
refused at its words."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from tests.test_lang_core import _ctx, _game
from tests.test_lang_when import _test_roll

SAME = [
    # a bonus on an attribute's tests is the test trigger's bonus
    ("You get +3 on all Mind tests.", "Every time you test Mind, add 3 to the result."),
    ("+1 on Spirit tests.", "Every time you test Spirit, add 1 to the result."),
    ("Your Hero gets +2 on Body tests.", "Every time you test Body, add 2 to the result."),
    ("You receive +4 on all of your Spirit tests.",
     "Every time you test Spirit, add 4 to the result."),
    ("You gain +1 on your Mind tests.", "Every time you test Mind, add 1 to the result."),
    # a phase's roll is its combat roll
    ("Magic: add 3 to your magic roll.", "Magic: You receive +3 to magic combat rolls."),
    ("+1 to your ranged rolls.", "You receive +1 to ranged combat rolls."),
    ("Gain +2 to all your melee rolls until the end of this combat.",
     "Until the end of this combat, you receive +2 to melee combat rolls."),
    # the attack with a bonus
    ("Melee: Make a melee attack with a +2 bonus.", "Melee: Make a melee attack with +2."),
    ("Magic: make a magic attack with a bonus of +5.", "Magic: Make a magic attack with +5."),
    # "every" is "all" of the tokens, and "each" after "for"
    ("Heal every wound.", "Discard all wounds from your Hero."),
    ("Heal every exhaustion from one of your Allies.",
     "Discard all exhaustion from one of your Allies."),
    ("Remove every wound and exhaustion on your Hero.",
     "Discard all wounds and exhaustion from your Hero."),
    ("Gain 2 gold for every Item you have.", "Gain 2 gold for each Item you have."),
    ("Take 1 wound for every trophy you have.", "Take 1 wound for each trophy you have."),
    # what is on your Hero is what you have
    ("Gain 1 experience for each wound on your Hero.",
     "Gain 1 experience for each wound you have."),
    ("Lose 1 gold for every exhaustion on your Hero.",
     "Lose 1 gold for each exhaustion you have."),
    # tokens placed and removed
    ("Remove 3 wounds from your Hero.", "Discard 3 wounds from your Hero."),
    ("Remove 1 exhaustion from one of your Allies.",
     "Discard 1 exhaustion from one of your Allies."),
    ("Remove all wounds from each of your Allies.", "Discard all wounds from each of your Allies."),
    ("Place 2 exhaustion on this Ally.", "This Ally takes 2 exhaustion."),
    ("Place 1 wound on your Hero.", "Your Hero takes 1 wound."),
    ("Place 3 wounds on your enemy.", "Your enemy takes 3 wounds."),
]


@pytest.mark.parametrize("variant, form", SAME)
def test_a_bonus_amount_or_token_wording_is_its_form(variant, form):
    ability = parse_ability(variant)
    assert print_ability(ability) == form
    assert parse_ability(form) == ability  # one node, one print (spans are not compared)


REFUSED = [
    ("-2 on Mind tests.", "-2"),  # a test's result takes a bonus only
    ("Each Hero gets +1 on Body tests.", "Each Hero"),  # the bonus is your Hero's
    ("+1 on one defense roll.", "one"),  # nor a defense roll
]


@pytest.mark.parametrize("text, words", REFUSED)
def test_what_the_engine_cannot_run_is_refused_at_its_words(text, words):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert text[err.value.start:err.value.end].startswith(words), err.value


def _run(text: str, hero, engine, source: str = "test", kind: str = "item") -> None:
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability(text, _ctx(kind))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    run_all(build_effects(ir["effects"]), Context(engine, hero, source))


def test_a_bonus_on_an_attributes_tests_passes_a_test_two_short():
    game, (hero, _) = _game()
    mind = game.combat.stat(hero, "mind")
    target = 10 + mind + 2
    assert _test_roll(None, "mind", None, 10, target)[0] is False
    assert _test_roll("You get +2 on all Mind tests.", "mind", None, 10, target)[0] is True
    assert _test_roll("You get +2 on all Body tests.", "mind", None, 10, target)[0] is False


def test_every_wound_and_removed_tokens_leave_the_hero():
    game, (hero, _) = _game()
    hero.wounds, hero.exhaustion = 3, 2
    _run("Remove 1 exhaustion from your Hero.", hero, game.combat)
    assert (hero.wounds, hero.exhaustion) == (3, 1)
    _run("Heal every wound on your Hero.", hero, game.combat)
    assert (hero.wounds, hero.exhaustion) == (0, 1)


def test_for_each_token_on_your_hero_counts_the_heros_tokens():
    game, (hero, _) = _game()
    hero.wounds, hero.exhaustion, gold = 1, 3, hero.gold
    _run("Gain 2 gold for each exhaustion on your Hero.", hero, game.combat)
    assert hero.gold == gold + 6
    _run("Gain 1 gold for every wound on your Hero.", hero, game.combat)
    assert hero.gold == gold + 7


def test_placed_and_removed_tokens_on_this_ally_are_the_allys():
    game, (hero, _) = _game()
    card = next(c for c in sorted(game.catalog.cards) if game.card(c).kind == "ally")
    ally = game.catalog.new_ally(card)
    hero.allies.append(ally)
    _run("Place 2 exhaustion on this Ally.", hero, game.combat, source=card, kind="ally")
    assert ally.exhaustion == 2 and hero.exhaustion == 0
    _run("Remove 1 exhaustion from this Ally.", hero, game.combat, source=card, kind="ally")
    assert ally.exhaustion == 1


def test_exhausting_this_ally_as_a_cost_is_the_allys_own_exhaustion():
    """Once refused (RF470); the engine now pays it with the Ally's exhaustion
    (tests/test_lang_ally_cost.py)."""
    from runeforge.dsl.runebound import nodes as n

    ability = parse_ability("Exhaust this Ally to gain 2 gold.")
    assert [type(c) for c in ability.costs] == [n.AllyExhaustion]
    assert print_ability(ability) == "Place 1 exhaustion on this Ally to gain 2 gold."


@pytest.mark.parametrize("variant", [v for v, _ in SAME])
def test_each_wording_renders_in_every_locale(variant):
    from runeforge.games.runebound.text.render import render_ability

    ability = parse_ability(variant)
    for locale in ("en", "fi", "pl", "el", "ru"):
        text = render_ability(ability, locale)
        assert text and "{" not in text, (locale, text)
    assert render_ability(ability, "en") == print_ability(ability)


@pytest.mark.parametrize("variant", [
    "Gain 1 gold for each trophy you have (maximum 2).",
    "Gain 1 gold for every trophy you have, up to a maximum of 2.",
    "Gain 1 gold for each trophy you have to a maximum of 2.",
])
def test_a_maximum_caps_a_for_each_amount(variant):
    canonical = "Gain 1 gold for each trophy you have, to a maximum of 2."
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    game, (hero, _) = _game()
    hero.trophies = ["a", "b", "c", "d"][:3]
    gold = hero.gold
    _run(variant, hero, game.combat)
    assert hero.gold == gold + 2  # three trophies, capped at two
    hero.trophies = ["a"]
    _run(variant, hero, game.combat)
    assert hero.gold == gold + 3  # one trophy: under the cap


def test_a_maximum_without_for_each_is_refused_at_its_words():
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Gain 1 gold (maximum 3).")
    assert err.value.start == len("Gain 1 gold ")


def test_the_odds_model_plays_the_attack_and_reports_the_rest_as_not_modelled():
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.games.runebound.abilities import compile_ability

    def sorted_(text):
        ir, _ = compile_ability(text, _ctx("hero"))
        return before_model([("card", 0, "hero", ir)])

    assert len(sorted_("Before Combat: make a magic attack with a +2 bonus.").steps) == 1
    for text in ("Before Combat: Gain 1 gold for each trophy you have (maximum 3).",
                 "Before Combat: Remove 1 exhaustion from your Hero.",
                 "You get +2 on all Spirit tests."):
        assert [why for *_, why in sorted_(text).uncovered], text
