"""Issue 21, families 4 and 9 in whole games: the grants of moving the Hero, the doom track,
the event in play and the undefeated track applied by the turn loop; "every time your Hero
enters ..."; targets by the board; movement rules by skill."""

from __future__ import annotations

import pytest

from tests.test_lang_place import CONTENT


@pytest.fixture(scope="module")
def place_bundle():
    from tests.engine_bundle import bundle

    return bundle(str(CONTENT))


def _game(place_bundle, ruleset="base", doom=None, **scripts):
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.test_game_scenarios import Script

    game = new_game(place_bundle, catalog=Catalog(place_bundle), ruleset=ruleset, players=2,
                    doom=doom, make_bot=make_bot)
    hero = game.hero(game.state.seats[0])
    game.players[hero.id] = Script(**scripts)
    return game, hero


def _play(game, hero, card_id, answers=()):
    """Run a card's text for ``hero`` as when drawn, then the turn loop's after-effects."""
    card = game.catalog.card(card_id)
    game.combat.run_card_text(hero, card_id, list(card.abilities), hostile=True)
    game.after_effects(hero)


def _records(game, type_):
    return [r for r in game.log.records if r.get("type") == type_]


def test_a_game_moves_the_hero_to_the_nearest_town(place_bundle):
    game, hero = _game(place_bundle)
    game.state.positions[hero.id] = "H2"  # a river space next to Frostgate
    _play(game, hero, "lost-waymarker")
    assert game.state.positions[hero.id] == game.board.town_space("Frostgate")
    assert _records(game, "moved")[-1]["why"] == "lost-waymarker"
    assert not [d for d in game.players[hero.id].asked if d.kind == "town"]


def test_equally_near_towns_are_the_players_choice(place_bundle):
    game, hero = _game(place_bundle, town=["Nerekhall"])
    game.state.positions[hero.id] = "D9"  # as near to Tamalir, Nerekhall and Vynelvale
    _play(game, hero, "lost-waymarker")
    assert game.state.positions[hero.id] == game.board.town_space("Nerekhall")
    question, = [d for d in game.players[hero.id].asked if d.kind == "town"]
    assert question.options == ["Nerekhall", "Tamalir", "Vynelvale"]


def test_a_game_moves_the_hero_to_a_named_town(place_bundle):
    game, hero = _game(place_bundle, optional=[True])
    game.state.positions[hero.id] = game.board.town_space("Frostgate")
    hero.gold = 2
    _play(game, hero, "ferrymans-chart")
    assert game.state.positions[hero.id] == game.board.town_space("Tamalir")
    assert hero.gold == 1


def test_a_move_before_moving_starts_the_movement_step_from_the_town(place_bundle):
    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.combat.grants.append({"hero": hero.id, "source": "t", "op": "move_to",
                               "town": "Forge"})
    game.movement(hero)
    step = next(d for d in game.players[hero.id].asked if d.kind == "movement")
    assert step.info["at"] == game.board.town_space("Forge")


def test_a_game_applies_an_up_to_move_grant_in_the_movement_step(place_bundle):
    game, hero = _game(place_bundle)
    hero.items.append("pilgrims-staff")
    start = game.state.positions[hero.id]
    far = sorted(sp for sp, d in game.board.distances_from(start).items() if d == 2)[0]
    game.players[hero.id].answers.update(use_ability=["pilgrims-staff#0"], amount=[2],
                                         movement=["grant:0"], destination=[far])
    game.movement(hero)
    assert game.state.positions[hero.id] == far
    dest = next(d for d in game.players[hero.id].asked if d.kind == "destination")
    assert max(game.board.distance(start, sp) for sp in dest.options) == 2


def test_doom_tokens_are_placed_and_removed_on_the_doom_track(place_bundle):
    game, hero = _game(place_bundle, ruleset="base")
    assert game.state.doom
    before = game.state.doom_tokens
    _play(game, hero, "omen-of-ruin")
    assert game.state.doom_tokens == before + 2
    assert [r["number"] for r in _records(game, "doom_token")][-2:] == [before + 1, before + 2]
    _play(game, hero, "hermit-of-the-heath")
    assert game.state.doom_tokens == before + 1
    assert _records(game, "doom_token_removed")[-1]["left"] == before + 1


def test_the_last_doom_token_placed_by_a_card_begins_the_endgame(place_bundle):
    game, hero = _game(place_bundle, ruleset="base")
    game.state.doom_tokens = game.doom_tokens_total() - 1
    with pytest.raises(Exception) as caught:  # the turn is over: the endgame begins
        _play(game, hero, "omen-of-ruin")
    assert type(caught.value).__name__ == "TurnOver"
    assert game.state.phase == "endgame"
    assert game.state.doom_tokens == game.doom_tokens_total()  # the second token is not placed


def test_without_the_doom_track_a_doom_effect_does_nothing_and_says_why(place_bundle):
    game, hero = _game(place_bundle, ruleset="base", doom=False)
    _play(game, hero, "omen-of-ruin")
    assert game.state.doom_tokens == 0
    unused = _records(game, "grant_unused")[-1]
    assert unused["op"] == "doom_tokens" and unused["reason"] == "this game has no doom track"


def test_the_event_in_play_is_discarded_and_its_rules_end(place_bundle):
    from tests.test_game_scenarios import of_kind, take

    game, hero = _game(place_bundle, doom=False)
    event = "no-more-business-as-usual"  # "Items and Allies cost twice as much."
    assert event in of_kind(game, "event")
    game.play_event(hero, take(game, event))
    item = sorted(c for c in game.catalog.cards if game.card(c).kind == "item"
                  and game.card(c).data.get("cost"))[0]
    doubled = game.combat.price_of(hero, item)
    _play(game, hero, "town-crier")
    assert game.state.active_event is None
    assert game.state.adventure_decks[game.colour_of(event)][-1] == event
    assert game.combat.price_of(hero, item) < doubled
    assert _records(game, "event_discarded")[-1]["card"] == event
    _play(game, hero, "town-crier")  # nothing in play now
    assert _records(game, "grant_unused")[-1]["reason"] == "no event in play"


# ---------------------------------------------------------------- "every time your Hero enters"
def test_entering_a_town_triggers_the_waystone_pendant(place_bundle):
    game, hero = _game(place_bundle, movement=["step"])
    hero.items.append("waystone-pendant")
    game.combat.modifiers_changed()
    forge = game.board.town_space("Forge")
    near = sorted(sp for sp in game.board.neighbours(forge) if not game.board.is_town(sp))[0]
    game.state.positions[hero.id] = near
    gold = hero.gold
    game.players[hero.id].answers["destination"] = [forge]
    game.movement(hero)  # one step into Forge
    assert game.state.positions[hero.id] == forge and hero.gold == gold + 1
    trigger = _records(game, "trigger")[-1]
    assert trigger["source"] == "waystone-pendant" and trigger["event"]["town"] is True
    game.players[hero.id].answers.update(movement=["step"], destination=[near])
    game.movement(hero)  # out again: not a town
    assert hero.gold == gold + 1


def test_a_move_to_a_town_by_a_card_is_entering_it_too(place_bundle):
    game, hero = _game(place_bundle)
    hero.items.append("waystone-pendant")
    game.combat.modifiers_changed()
    game.state.positions[hero.id] = "H2"
    gold = hero.gold
    _play(game, hero, "lost-waymarker")
    assert hero.gold == gold + 1


def test_the_creeping_fog_tires_every_hero_entering_a_swamp(place_bundle):
    game, hero = _game(place_bundle, doom=False, movement=["step"])
    game.state.active_event = "creeping-fog"  # its rules apply to every Hero
    game.combat.modifiers_changed()
    swamp = next(sp for sp in sorted(game.board.spaces) if game.board.terrain(sp) == "swamp")
    beside = sorted(game.board.neighbours(swamp))[0]
    game.state.positions[hero.id] = beside
    game.players[hero.id].answers["destination"] = [swamp]
    game.movement(hero)
    assert game.state.positions[hero.id] == swamp and hero.exhaustion == 1
    assert _records(game, "trigger")[-1]["event"]["terrain"] == "swamp"


# ---------------------------------------------------------------- targets by the board
def test_each_hero_in_your_space_and_within_n_spaces_in_a_game(place_bundle):
    game, hero = _game(place_bundle)
    other = game.hero(game.state.seats[1])
    tamalir = game.board.town_space("Tamalir")
    dist = game.board.distances_from(tamalir)
    game.state.positions.update({hero.id: tamalir, other.id: tamalir})
    _play(game, hero, "rockslide")
    # both Heroes are dealt the wound (the seated other Hero may cancel it with an ability of
    # its own, as Orrin Stonehand does, so the dealing is asserted, not the wounds kept)
    dealt = {r["figure"]: r["amount"] for r in _records(game, "wounds_inflicted")
             if r["source"] == "rockslide"}
    assert dealt == {hero.id: 1, other.id: 1}
    two = sorted(sp for sp, d in dist.items() if d == 2)[0]
    three = sorted(sp for sp, d in dist.items() if d == 3)[0]
    for place, rested in ((two, 1), (three, 2)):
        hero.exhaustion = other.exhaustion = 2
        game.state.positions[other.id] = place
        _play(game, hero, "beacon-fire")
        assert (hero.exhaustion, other.exhaustion) == (1, rested)


# ---------------------------------------------------------------- movement rules by skill
@pytest.mark.parametrize("skills, reaches", [(["Climb"], True), (["Swim"], False)])
def test_climbers_move_through_mountains_as_if_they_were_plains(place_bundle, skills,
                                                                reaches):
    from tests.test_game_scenarios import Faces

    game, hero = _game(place_bundle, doom=False, movement=["roll:1"])
    hero.skills = list(skills)
    game.state.active_event = "thawing-passes"
    game.combat.modifiers_changed()
    mountain = next(sp for sp in sorted(game.board.spaces)
                    if game.board.terrain(sp) == "mountains"
                    and any(game.board.terrain(nb) not in ("mountains", "town")
                            for nb in game.board.neighbours(sp)))
    start = next(nb for nb in sorted(game.board.neighbours(mountain))
                 if game.board.terrain(nb) not in ("mountains", "town"))
    game.state.positions[hero.id] = start
    game.rng = Faces([0])  # road, plains, river: no mountains on the die
    game.players[hero.id].answers["destination"] = [mountain if reaches else start]
    game.movement(hero)
    dest = next(d for d in game.players[hero.id].asked if d.kind == "destination")
    assert (mountain in dest.options) == reaches
    assert game.state.positions[hero.id] == (mountain if reaches else start)
    assert bool(_records(game, "terrain_rule")) == reaches


# ---------------------------------------------------------------- the undefeated track
def test_the_player_chooses_a_challenge_to_take_off_the_undefeated_track(place_bundle):
    from tests.test_game_scenarios import of_kind, ok, take

    game, hero = _game(place_bundle, doom=False)
    first, second = of_kind(game, "challenge", colour="green")[:2]
    for card, space in ((first, "H2"), (second, "I2")):
        game.to_undefeated(take(game, card), space)
    game.players[hero.id].answers["undefeated"] = [second]
    _play(game, hero, "road-wardens")
    assert [e["card"] for e in game.state.undefeated_track] == [first]
    assert game.state.undefeated_at("I2") is None and game.state.undefeated_at("H2")
    assert game.state.adventure_decks["green"][-1] == second
    assert _records(game, "undefeated_discarded")[-1]["card"] == second
    question = next(d for d in game.players[hero.id].asked if d.kind == "undefeated")
    assert question.options == [first, second]
    _play(game, hero, "road-wardens")  # one left: no question
    _play(game, hero, "road-wardens")  # none left
    assert not game.state.undefeated_track
    assert _records(game, "grant_unused")[-1]["reason"] == "the undefeated track is empty"
    ok(game)  # every card is in one place
