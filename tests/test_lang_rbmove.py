"""Branch rbmove (issue 32, part III): movement.

* A purpose clause after the price's moment: "Activate before moving to roll 1 additional
  movement die.", "Take 1 exhaustion once per turn to ...", "Discard this card after moving to
  ...": the modifiers said between the price and "to" are the phrase's, as if said after its
  effect (a window, a limit), so the ability is the one printed "Before moving, activate to ...".
  Before, only "to buy / to hire" could follow a modifier there (RF301 at the effect's verb).
* The engine: the extra movement die of "Activate before moving to ..." reaches the movement
  step of the turn it is used in, and is used up there.

The corpus is tests/data/corpus/rbmove.yaml."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.abilities import compile_text
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability

LOCALES = ("en", "fi", "pl", "el", "ru")


@pytest.mark.parametrize("said, printed", [
    ("Activate before moving to roll 1 additional movement die.",
     "Before moving, activate to roll 1 additional movement die."),
    ("Exhaust this card before moving to roll 2 additional movement dice this turn.",
     "Before moving, activate to roll 2 additional movement dice until the end of this turn."),
    ("Take 2 exhaustion after moving to gain 3 gold.",
     "After moving, take 2 exhaustion to gain 3 gold."),
    ("Pay 1 gold at the start of your turn to heal 1 wound from one of your Allies.",
     "At the start of your turn, pay 1 gold to discard 1 wound from one of your Allies."),
    ("Take 1 wound once per turn to move 2 spaces.",
     "Once per turn, take 1 wound to move 2 spaces."),
    ("Discard this card before moving to move your Hero to the nearest town.",
     "Before moving, discard this card to move your Hero to the nearest town."),
])
def test_a_modifier_before_to_is_the_phrases_and_prints_first(said, printed):
    ability = parse_ability(said)
    assert print_ability(ability) == printed
    assert parse_ability(printed) == ability
    ir = lower(ability)
    validate_ability(ir)
    want = lower(parse_ability(printed))
    assert ir == want
    for locale in LOCALES:
        out = render_ability(ability, locale)
        assert out and "{" not in out, (locale, out)


@pytest.mark.parametrize("text, code", [
    ("Activate before moving to gain 1 gold after moving.", "RF301"),  # two windows
    ("Activate before moving to roll a die.", "RF481"),  # a die rolled inside a clause
    ("Gain 1 gold before moving to roll 1 additional movement die.", None),  # no price
])
def test_what_the_clause_cannot_say_is_refused_at_its_words(text, code):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.hint or err.value.message
    if code:
        assert err.value.code == code


@pytest.fixture(scope="module")
def place_bundle():
    from tests.engine_bundle import bundle
    from tests.test_lang_place import CONTENT as PLACE

    return bundle(str(PLACE))


def test_the_extra_die_bought_before_moving_is_rolled_in_that_movement_step(place_bundle):
    """The price's clause said first: the engine runs the effect in the before-moving window,
    and the movement step offers one die more (then none: it is used up)."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.test_lang_place_games import _game

    ir = compile_text("Take 1 exhaustion before moving to roll 1 additional movement die.",
                      "hero")
    assert ir["timing"]["window"] == "before_moving" and ir["costs"][0]["op"] == "exhaustion"
    game, hero = _game(place_bundle, movement=["step", "step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    game.combat.moment = moment_at(ir["timing"]["window"], turn=game.state.turn)
    run_all(build_effects(ir["effects"]), Context(game.combat, hero, hero.id))
    game.after_effects(hero)
    game.movement(hero)
    asked = [d.info for d in game.players[hero.id].asked if d.kind == "movement"]
    assert asked[-1]["extra"] == 1
    game.players[hero.id].asked.clear()
    game.movement(hero)
    asked = [d.info for d in game.players[hero.id].asked if d.kind == "movement"]
    assert asked[-1]["extra"] == 0
