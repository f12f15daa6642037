"""Branch rbmove2 (issue 32, part III): movement, continued.

* An extra step into a terrain: "move 1 additional space into hills or mountains", "move 1 extra
  space onto a river or road space" is the move to an adjacent space of those terrains
  (rbmove's move_to_space, reach adjacent) and prints so; a step of 2 or more is RF496.
* The engine: the step bought before moving puts the Hero on an adjacent space of one of the
  terrains (game/move_rbmove.py), a step he can escape back from; with no such space nothing
  moves.

The corpus is tests/data/corpus/rbmove2.yaml."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_text
from runeforge.games.runebound.text.render import render_ability
from tests.test_lang_rbmove import (
    _moved,
    _with_neighbour,
    place_bundle,  # noqa: F401 (a fixture)
)

LOCALES = ("en", "fi", "pl", "el", "ru")


@pytest.mark.parametrize("said, place", [
    ("Before moving, take 1 exhaustion to move 1 additional space into hills or mountains.",
     ["hills", "mountains"]),
    ("Take 1 wound once per turn before moving to move 1 extra space onto a river or road space.",
     ["road", "river"]),
    ("Your Hero may move 1 space into a swamp.", "swamp"),
    ("After combat, pay 2 gold to move one extra space into forest.", "forest"),
])
def test_a_step_into_a_terrain_is_the_move_to_an_adjacent_space_of_it(said, place):
    ir = compile_text(said, "hero")
    found = ir["effects"][0]
    found = found["effects"][0] if found["op"] == "optional" else found
    assert found == {"op": "move_to_space", "place": place, "reach": "adjacent"}
    printed = print_ability(parse_ability(said))
    assert "adjacent" in printed and parse_ability(printed) == parse_ability(said)
    for locale in LOCALES:
        out = render_ability(parse_ability(said), locale)
        assert out and "{" not in out, (locale, out)


@pytest.mark.parametrize("text", [
    "Move 2 additional spaces into forest.",
    "Before moving, activate to move up to 3 extra spaces onto roads.",
    "Move X additional spaces into hills.",
])
def test_a_step_of_more_than_one_space_into_a_terrain_is_refused(text):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF496" and err.value.hint


def test_into_the_bank_is_still_the_bank():
    assert print_ability(parse_ability("Pay 1 gold into the bank to gain 2 gold.")) == \
        "Pay 1 gold to gain 2 gold."


def test_the_engine_steps_the_hero_onto_an_adjacent_space_of_the_terrains(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    kinds = sorted({board.terrain(s) for s in board.spaces} - {"town"})
    pair = tuple(kinds[:2])
    game, hero, start = _moved(place_bundle, f"Move 1 additional space into {pair[0]} or "
                               f"{pair[1]}.", pick=_with_neighbour(pair))
    at = game.state.positions[hero.id]
    assert at != start and at in board.neighbours(start) and board.terrain(at) in pair
    assert game.state.previous[hero.id] == start  # one step: an escape leads back there


def test_with_no_adjacent_space_of_the_terrain_the_hero_stays(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    kinds = sorted({board.terrain(s) for s in board.spaces} - {"town"})
    for sid in sorted(board.spaces):
        near = {board.terrain(nb) for nb in board.neighbours(sid)}
        missing = [k for k in kinds if k not in near]
        if missing and board.terrain(sid) != "town":
            break
    else:
        pytest.skip("every space touches every terrain")
    game, hero, start = _moved(place_bundle, f"Move 1 space into {missing[0]}.", at=sid)
    assert game.state.positions[hero.id] == start
    unused = [r for r in game.log.records if r.get("type") == "grant_unused"]
    assert unused and unused[-1]["reason"] == "no such space to move to"


# ---- a Hero's movement ending on a terrain -------------------------------------------------

@pytest.mark.parametrize("said, printed", [
    ("When your Hero ends his movement in a forest space, gain 1 gold.",
     "After moving, if your Hero is in a forest space, gain 1 gold."),
    ("If you end your movement in a town, gain 1 gold.",
     "After moving, if your Hero is in a town, gain 1 gold."),
    ("Whenever your Hero ends its movement on a swamp or river space, take 1 wound.",
     "After moving, if your Hero is in a river or swamp space, take 1 wound."),
    ("If your Hero ends her movement in hills or mountains, you may take 1 wound to gain 2 "
     "gold.", "After moving, if your Hero is in a hill or mountain space, take 1 wound to gain "
              "2 gold."),
    ("Each time you end your move on a road, pay 1 gold to heal 1 wound.",
     "After moving, if your Hero is in a road space, pay 1 gold to discard 1 wound from your "
     "Hero."),
    ("Once per turn, when your Hero ends their movement in a plains space, draw 1 card from "
     "the market deck.", None),
])
def test_a_movement_ending_on_a_terrain_is_the_after_moving_window_with_the_place(said,
                                                                                   printed):
    ability = parse_ability(said)
    if printed is None:
        printed = print_ability(ability)
    assert print_ability(ability) == printed
    assert parse_ability(printed) == ability  # the same ability as the canonical text
    assert ability.window == "after_moving"
    for locale in LOCALES:
        out = render_ability(ability, locale)
        assert out and "{" not in out, (locale, out)


@pytest.mark.parametrize("text", [
    "When your Hero ends his movement in a forest space, gain 1 gold. Take 1 wound.",
    "If you end your movement in a swamp, take 1 wound. Otherwise, gain 1 gold.",
])
def test_a_second_sentence_after_the_place_is_refused(text):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF497" and err.value.hint


def _ending_in(place_bundle, text, inside: bool):  # noqa: F811
    """The Hero (his card given ``text``) steps from a space onto a forest neighbour (inside)
    or onto a neighbour of another terrain; return his gold before and after."""
    from runeforge.engine.runebound.core.catalog import Ability
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    board = game.board
    for sid in sorted(board.spaces):
        near = [nb for nb in board.neighbours(sid)
                if (board.terrain(nb) == "forest") == inside and board.terrain(nb) != "town"]
        if near and board.terrain(sid) != "town":
            break
    else:
        pytest.skip("no such step on this board")
    game, hero = _game(place_bundle, movement=["step"], destination=[near[0]])
    game.state.positions[hero.id] = sid
    card = game.catalog.card(hero.id)
    ability = Ability.from_ir(card.id, len(card.abilities), compile_text(text, "hero"))
    card.abilities.append(ability)
    card.__dict__.pop("held_abilities", None)
    try:
        gold = hero.gold
        game.movement(hero)
        assert game.state.positions[hero.id] == near[0]
        return gold, hero.gold
    finally:
        card.abilities.remove(ability)
        card.__dict__.pop("held_abilities", None)


def test_the_engine_runs_it_once_the_hero_has_moved_onto_the_terrain(place_bundle):  # noqa: F811
    text = "When your Hero ends his movement in a forest space, gain 2 gold."
    before, after = _ending_in(place_bundle, text, inside=True)
    assert after == before + 2
    before, after = _ending_in(place_bundle, text, inside=False)
    assert after == before


# ---- a rule for the turn the card is used ---------------------------------------------------

def _rested(place_bundle, text):  # noqa: F811
    """The Hero, 2 exhaustion on him, uses ``text`` (his card's) before moving, then rolls no
    movement die (a rest); return his exhaustion after the step."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["roll:0"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    hero.exhaustion = 2
    if text:
        ir = compile_text(text, "hero")
        assert ir["timing"]["window"] == "before_moving"
        game.combat.moment = moment_at("before_moving", turn=game.state.turn)
        run_all(build_effects(ir["effects"]), Context(game.combat, hero, hero.id))
        game.after_effects(hero)
    game.movement(hero)
    return hero.exhaustion, [r for r in game.log.records if r.get("type") == "rest_barred"]


def test_the_hero_does_not_rest_on_the_turn_he_used_the_card(place_bundle):  # noqa: F811
    free, barred = _rested(place_bundle, None)
    assert free < 2 and not barred  # he rests when nothing bars it
    text = ("Before moving, take 1 wound to roll 1 additional movement die. You may not rest "
            "on a turn in which you use this card.")
    kept, barred = _rested(place_bundle, text)
    assert kept == 2 and barred


@pytest.mark.parametrize("text", [
    "After moving, take 1 exhaustion to gain 1 gold. You may not rest on a turn in which you "
    "use this card.",
    "Take 1 wound to gain 1 gold. You cannot rest during any turn when you use this card.",
    "You may not rest on a turn in which you use this item.",
])
def test_a_use_that_may_come_after_the_rest_is_refused(text):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF498" and err.value.hint
