"""Branch rbtime (issue 32, part III): when, how often and while what an effect applies.

* A moment of a combat ("during the magic phase (of combat)", "in the melee phase of each combat
  round", "during the first combat round (of each combat)", "in the ranged phase of the first
  combat round"), before the clause or after it, is the condition ``moment``: a rule in force
  holds while it is that moment ("While it is the magic phase, ..."), a phase's extra wounds are
  that phase's damage, an effect that happens at once is used in that phase (its tag);
  "if it is ..." where the ability is never used at that moment is refused (RF567), a phase said
  of an ability another tag or a window times too (RF401).
* A card's own rules while its Hero has it ("while this Ally is with your party", "while this
  item is in your inventory", "while carrying this item") are "Until this card is discarded";
  "at the start of his turn" is "at the start of your turn"; "against challenges from the red
  deck" "against red challenges".
"""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.effects import Context
from runeforge.engine.runebound.core.effects_branching import holds
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability
from tests.test_lang_branching import _game_with

LOCALES = ("en", "fi", "pl", "el", "ru")


@pytest.mark.parametrize("variant, canonical", [
    ("Your Hero receives +1 Body during the magic phase.",
     "While it is the magic phase, your Hero receives +1 Body."),
    ("During the magic phase of combat, your Hero receives +1 Body.",
     "While it is the magic phase, your Hero receives +1 Body."),
    ("In the melee phase of each combat round, you receive +1 Body.",
     "While it is the melee phase, you receive +1 Body."),
    ("You receive +1 Body in the ranged phase of every combat round.",
     "While it is the ranged phase, you receive +1 Body."),
    ("During the first combat round of each combat, you receive +2 to melee combat rolls.",
     "While it is the first combat round, you receive +2 to melee combat rolls."),
    ("You receive +1 Mind in the ranged phase of the first combat round.",
     "While it is the ranged phase of the first combat round, you receive +1 Mind."),
    ("This challenge deals +1 wound in the melee phase.",
     "This challenge receives +1 melee damage."),
    ("Your attacks inflict 1 additional wound during the magic phase.",
     "Your magic attacks inflict 1 additional wound."),
    ("Activate to gain 1 gold during the melee phase.", "Melee: Activate to gain 1 gold."),
    ("During the magic phase of combat you may activate this item to add 3 to your combat roll.",
     "Magic: Activate to receive +3 to magic combat rolls."),
    ("During the first combat round, gain 1 gold.",
     "If it is the first combat round, gain 1 gold."),
    ("Gain 1 gold in the magic phase of the first combat round.",
     "Magic: If it is the first combat round, gain 1 gold."),
    ("While this Ally is with your party, your Hero receives +1 Body.",
     "Until this card is discarded, your Hero receives +1 Body."),
    ("While this item is in your inventory, you receive +1 Mind.",
     "Until this card is discarded, you receive +1 Mind."),
    ("While carrying this item, you receive +1 Mind.",
     "Until this card is discarded, you receive +1 Mind."),
    ("At the start of his turn, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("You receive +1 Body against challenges from the red deck.",
     "While your enemy is a red challenge, you receive +1 Body."),
])
def test_a_wording_prints_as_its_canonical_text_which_reads_back(variant, canonical):
    ability = parse_ability(variant)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability
    assert print_ability(parse_ability(canonical)) == canonical


def test_the_ir_of_a_moment_is_valid_and_says_phase_and_round():
    ir = compile_text("You receive +1 Mind in the ranged phase of the first combat round.")
    validate_ability(ir)
    assert ir["effects"][0]["condition"] == {"kind": "moment", "phase": "ranged", "round": 1}
    ir = compile_text("During the magic phase, you receive +1 Body.")
    assert ir["static"] and ir["effects"][0]["condition"] == {
        "kind": "moment", "phase": "magic", "round": None}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("text", [
    "While it is the magic phase, your Hero receives +1 Body.",
    "While it is the first combat round, you receive +2 to melee combat rolls.",
    "While it is the ranged phase of the first combat round, you receive +1 Mind.",
])
def test_a_moment_renders_in_every_locale(locale, text):
    ability = parse_ability(text)
    out = render_ability(ability, locale)
    assert "{" not in out and "condition.moment" not in out
    if locale == "en":
        assert out == print_ability(ability)
    else:
        assert "phase" not in out and "round" not in out, out  # translated, not English


# ---------------------------------------------------------------- the engine
def _at(game, step, rnd):
    """The combat at ``step`` of round ``rnd`` (the engine's own step, as a fight moves)."""
    game.combat._step(step, rnd)


def test_a_bonus_during_the_magic_phase_holds_in_that_phase_only():
    game, hero = _game_with("Your Hero receives +1 Body during the magic phase.")
    combat = game.combat
    body = combat.stat(hero, "body")  # outside any combat: no bonus
    for step, rnd, bonus in (("before_combat", 0, 0), ("ranged", 1, 0), ("melee", 1, 0),
                             ("magic", 1, 1), ("ranged", 2, 0), ("magic", 2, 1)):
        _at(game, step, rnd)
        assert combat.stat(hero, "body") == body + bonus, (step, rnd)


def test_a_bonus_during_the_first_combat_round_ends_with_that_round():
    game, hero = _game_with("During the first combat round, you receive +2 Mind.",
                            "You receive +1 Spirit in the melee phase of the first combat round.")
    combat = game.combat
    mind, spirit = combat.stat(hero, "mind"), combat.stat(hero, "spirit")
    for step, rnd, more_mind, more_spirit in (
            ("before_combat", 0, 0, 0), ("ranged", 1, 2, 0), ("melee", 1, 2, 1),
            ("magic", 1, 2, 0), ("ranged", 2, 0, 0), ("melee", 2, 0, 0)):
        _at(game, step, rnd)
        assert combat.stat(hero, "mind") == mind + more_mind, (step, rnd)
        assert combat.stat(hero, "spirit") == spirit + more_spirit, (step, rnd)


@pytest.mark.parametrize("condition, at, held", [
    ({"kind": "moment", "phase": "melee", "round": None}, ("melee", 3), True),
    ({"kind": "moment", "phase": "melee", "round": None}, ("magic", 1), False),
    ({"kind": "moment", "phase": None, "round": 1}, ("magic", 1), True),
    ({"kind": "moment", "phase": None, "round": 1}, ("before_combat", 0), False),
    ({"kind": "moment", "phase": "ranged", "round": 1}, ("ranged", 2), False),
])
def test_an_if_on_a_moment_reads_the_combat_under_way(condition, at, held):
    game, hero = _game_with("You receive +1 Body.")
    ctx = Context(game.combat, hero, "test-charm")
    assert holds(condition, ctx) is False  # no combat under way
    _at(game, *at)
    assert holds(condition, ctx) is held


# ---------------------------------------------------------------- refusals
@pytest.mark.parametrize("kind, text, word", [
    ("hero", "At the start of your turn, if it is the magic phase, gain 1 gold.",
     "it is the magic phase"),
    ("hero", "Before Combat: If it is the first combat round, gain 1 gold.",
     "it is the first combat round"),
    ("hero", "Melee: If it is the magic phase, gain 1 gold.", "it is the magic phase"),
    ("encounter", "If it is the magic phase, gain 1 gold.", "it is the magic phase"),
])
def test_a_moment_checked_where_it_never_holds_is_refused_at_its_words(kind, text, word):
    _, findings = compile_ability(text, CardContext(kind))
    [(code, where)] = [(f.code, text[f.span[0]:f.span[1]]) for f in findings
                       if f.severity == "error"]
    assert (code, where) == ("RF567", word)


def test_a_phase_said_of_an_ability_with_another_tag_is_refused_at_its_words():
    text = "Melee: Activate to gain 1 gold during the magic phase."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF401"
    assert text[err.value.start:err.value.end] == "during the magic phase"


# ---------------------------------------------------------------- the turn's moments, how often
@pytest.mark.parametrize("variant, canonical", [
    ("At the start of each turn, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("At the beginning of every turn, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("At the start of each of his turns, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("Gain 1 gold at the end of each turn.", "At the end of your turn, gain 1 gold."),
    ("At the end of the turn, gain 1 gold.", "At the end of your turn, gain 1 gold."),
    ("At the end of every combat, gain 1 gold.", "After combat, gain 1 gold."),
    ("After every combat, gain 1 gold.", "After combat, gain 1 gold."),
    ("At the end of your movement, gain 1 gold.", "After moving, gain 1 gold."),
    ("After your movement step, gain 1 gold.", "After moving, gain 1 gold."),
    ("During your movement step, gain 1 gold.", "Before moving, gain 1 gold."),
    ("After each combat round, gain 1 gold.", "At the end of each combat round, gain 1 gold."),
    ("Each turn, you may gain 1 gold.", "Once per turn, you may gain 1 gold."),
    ("You may gain 1 gold each turn.", "Once per turn, you may gain 1 gold."),
    ("You may gain 1 gold in each combat.", "Once per combat, you may gain 1 gold."),
    ("In each combat round, you may gain 1 gold.", "Once per combat round, you may gain 1 gold."),
    ("Before moving, once per turn, you may take 1 exhaustion to gain 1 gold.",
     "Once per turn, before moving, take 1 exhaustion to gain 1 gold."),
    ("You receive +1 Body while in forest spaces.",
     "While your Hero is in a forest space, you receive +1 Body."),
    ("You receive +1 Body while on a forest or swamp space.",
     "While your Hero is in a forest or swamp space, you receive +1 Body."),
    ("In any town, Items cost you 1 less gold.", "Items cost you 1 less gold."),
    ("In a town, you receive +1 Mind.", "While your Hero is in a town, you receive +1 Mind."),
    ("In a town, gain 1 gold.", "If your Hero is in a town, gain 1 gold."),
    ("Your Hero receives +1 Spirit as long as this Ally has no wounds.",
     "While this Ally has no wounds, your Hero receives +1 Spirit."),
    ("Your Hero receives +1 Spirit while this Ally is unwounded.",
     "While this Ally has no wounds, your Hero receives +1 Spirit."),
    ("If this Ally is not wounded, gain 1 gold.", "If this Ally has no wounds, gain 1 gold."),
])
def test_a_moment_of_the_turn_or_a_frequency_prints_canonically(variant, canonical):
    test_a_wording_prints_as_its_canonical_text_which_reads_back(variant, canonical)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("text", ["While this Ally has no wounds, your Hero receives +1 Spirit.",
                                  "If this Ally has no exhaustion, gain 1 gold."])
def test_this_allys_condition_renders_in_every_locale(locale, text):
    test_a_moment_renders_in_every_locale(locale, text)


def _game_with_ally(*texts):
    """A two-player game whose first Hero has an Ally with ``texts``."""
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.engine_bundle import bundle

    b = bundle()
    b["cards"].append({"id": "test-squire", "kind": "ally", "name": "Test Squire", "cost": 1,
                       "mind": 1, "body": 1, "spirit": 1, "ranged_damage": 0,
                       "melee_damage": 1, "magic_damage": 0, "life": 3, "stamina": 3,
                       "pack": "core", "game": "runebound-2e", "text": list(texts),
                       "abilities": [compile_text(t, kind="ally") for t in texts]})
    game = new_game(b, catalog=Catalog(b), players=2, packs="adventure", make_bot=make_bot,
                    debug=True)
    hero = game.hero(game.state.seats[0])
    ally = game.catalog.new_ally("test-squire")
    hero.allies.append(ally)
    game.combat.modifiers_changed()
    return game, hero, ally


def test_a_bonus_while_this_ally_has_no_wounds_ends_with_its_first_wound():
    game, hero, ally = _game_with_ally(
        "Your Hero receives +1 Spirit as long as this Ally has no wounds.")
    combat = game.combat
    spirit = hero.spirit
    assert combat.stat(hero, "spirit") == spirit + 1
    ally.wounds = 1
    assert combat.stat(hero, "spirit") == spirit
    ally.wounds = 0
    assert combat.stat(hero, "spirit") == spirit + 1


@pytest.mark.parametrize("token, field", [("wound", "wounds"), ("exhaustion", "exhaustion")])
def test_an_if_on_this_allys_tokens_reads_its_own_card(token, field):
    game, hero, ally = _game_with_ally("You receive +1 Body.")
    condition = {"kind": "ally_none", "token": token}
    ctx = Context(game.combat, hero, "test-squire")
    assert holds(condition, ctx) is True
    setattr(ally, field, 2)
    assert holds(condition, ctx) is False
    assert holds(condition, Context(game.combat, hero, "another-card")) is False  # not this Ally


def test_this_allys_wounds_off_an_ally_card_are_refused_at_their_words():
    text = "If this Ally has no wounds, gain 1 gold."
    _, findings = compile_ability(text, CardContext("item", "constant"))
    [(code, where)] = [(f.code, text[f.span[0]:f.span[1]]) for f in findings
                       if f.severity == "error"]
    assert (code, where) == ("RF450", "this Ally has no wounds")


# ---------------------------------------------------------------- a trigger's condition, tests
@pytest.mark.parametrize("variant, canonical", [
    ("Every time your Hero defeats a challenge while this Ally is unwounded, gain 1 gold.",
     "Every time you defeat a challenge, if this Ally has no wounds, gain 1 gold."),
    ("Whenever you defeat a challenge while you have 2 or more wounds, gain 1 gold.",
     "Every time you defeat a challenge, if you have 2 or more wounds, gain 1 gold."),
    ("Whenever your Hero defeats a challenge while carrying this item, gain 1 gold.",
     "Every time you defeat a challenge, gain 1 gold."),
    ("When you defeat another Hero while you have this item, gain 1 gold.",
     "Every time you defeat another Hero, gain 1 gold."),
    ("Your Hero gets +2 Mind for skill tests.", "Every time you test Mind, add 2 to the result."),
    ("You receive +1 Spirit for all tests.", "Every time you test Spirit, add 1 to the result."),
])
def test_a_triggers_condition_and_a_bonus_for_tests_print_canonically(variant, canonical):
    test_a_wording_prints_as_its_canonical_text_which_reads_back(variant, canonical)


def test_a_trigger_under_this_allys_condition_fires_only_while_it_holds():
    game, hero, ally = _game_with_ally(
        "Every time your Hero defeats a challenge while this Ally is unwounded, gain 1 gold.")
    gold = hero.gold
    game.combat.fire({"kind": "defeat_challenge", "hero": hero.id})
    assert hero.gold == gold + 1
    ally.wounds = 1
    game.combat.fire({"kind": "defeat_challenge", "hero": hero.id})
    assert hero.gold == gold + 1


def test_for_skill_tests_after_no_attribute_bonus_is_refused_at_its_words():
    text = "You gain 1 gold for skill tests."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert text[err.value.start:err.value.end] == "for skill tests"


# ---------------------------------------------------------------- a combat as a whole, more words
@pytest.mark.parametrize("variant, canonical", [
    ("During combat, you receive +1 Body.", "While you are in combat, you receive +1 Body."),
    ("You receive +1 Body in combat.", "While you are in combat, you receive +1 Body."),
    ("While in combat, you receive +1 Body.", "While you are in combat, you receive +1 Body."),
    ("During any combat, activate to gain 1 gold.", "Any Phase: Activate to gain 1 gold."),
    ("At the start of every combat, gain 1 gold.", "Before Combat: Gain 1 gold."),
    ("Before each combat, gain 1 gold.", "Before Combat: Gain 1 gold."),
    ("Magic: Activate to receive +1 Body until the end of the phase.",
     "Magic: Activate to receive +1 Body until the end of this phase."),
    ("For the remainder of this combat, you receive +1 Body.",
     "Until the end of this combat, you receive +1 Body."),
    ("If your Hero is unwounded, gain 1 gold.", "If you have no wounds, gain 1 gold."),
    ("While you are wounded, you receive +1 Body.",
     "While you have 1 or more wounds, you receive +1 Body."),
])
def test_a_combat_as_a_whole_and_more_words_print_canonically(variant, canonical):
    test_a_wording_prints_as_its_canonical_text_which_reads_back(variant, canonical)


def test_a_bonus_in_combat_holds_in_every_step_of_a_combat_only():
    game, hero = _game_with("You receive +1 Body in combat.")
    combat = game.combat
    body = combat.stat(hero, "body")  # no combat under way
    for step, rnd in (("before_combat", 0), ("escape", 1), ("ranged", 1), ("magic", 2)):
        _at(game, step, rnd)
        assert combat.stat(hero, "body") == body + 1, (step, rnd)


@pytest.mark.parametrize("locale", LOCALES)
def test_in_combat_renders_in_every_locale(locale):
    test_a_moment_renders_in_every_locale(locale, "While you are in combat, you receive +1 Body.")
