"""Branch rbsubj (issue 32, part III): "<colours> challenges are immune to this effect." after an
effect on your enemy is that effect "unless your enemy is a <colours> challenge" (the core's
Unless: the same IR, run by the engine's if_state over enemy_colour), refused at its words where
it names no effect on the enemy (RF537) and, over a rule in force, as 'unless' is (RF490)."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.lower import lower


@pytest.mark.parametrize("text, canonical", [
    ("Before Combat: Discard this card to inflict 3 wounds on your enemy. Red challenges are "
     "immune to this effect.",
     "Before Combat: Discard this card to inflict 3 wounds on your enemy unless your enemy is a "
     "red challenge."),
    ("Magic: Take 1 exhaustion to inflict 2 wounds on your enemy. Red and blue challenges are "
     "immune to it.",
     "Magic: Take 1 exhaustion to inflict 2 wounds on your enemy unless your enemy is a blue or "
     "red challenge."),
    ("Melee: Gain 1 gold. Inflict 1 wound on your enemy. Yellow challenges are immune to the "
     "effect.",
     "Melee: Gain 1 gold. Inflict 1 wound on your enemy unless your enemy is a yellow challenge."),
])
def test_the_exemption_is_the_effect_unless_the_enemy_is_such_a_challenge(text, canonical):
    ability = parse_ability(text)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability
    out = lower(ability)
    validate_ability(out)
    assert out["effects"][-1]["op"] == "if_state" and out["effects"][-1]["effects"] == []
    assert out["effects"][-1]["condition"]["kind"] == "enemy_colour"


@pytest.mark.parametrize("text, code", [
    ("Red challenges are immune to this effect.", "RF537"),
    ("Before Combat: Discard this card to gain 2 gold. Red challenges are immune to this effect.",
     "RF537"),
    ("Ranged: Activate to give your enemy -2 Body. Red challenges are immune to this effect.",
     "RF490"),
])
def test_an_exemption_of_no_effect_on_the_enemy_is_refused_at_its_words(text, code):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == code and err.value.hint
    assert "immune to this effect" in text[err.value.start:err.value.end]


@pytest.mark.parametrize("text, said", [
    ("Yellow challenges receive +1 Life.", "Your enemy receives +1 Life against yellow challenges."),
    ("Red and blue challenges get -1 Body.",
     "Your enemy receives -1 Body against blue or red challenges."),
    ("Melee: Take 1 exhaustion. Red challenges receive -2 Body until the end of this combat.",
     "Melee: Take 1 exhaustion. Your enemy receives -2 Body against red challenges until the "
     "end of this combat."),
])
def test_a_class_of_challenges_receives_the_enemys_bonus_against_them(text, said):
    """The same AST (so IR and engine rule) as the core's "against <colours> challenges"."""
    assert parse_ability(text) == parse_ability(said)
    validate_ability(lower(parse_ability(text)))
