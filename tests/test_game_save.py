"""A game saved and restored in the middle of a turn goes on as it would have (issue 32,
branch runs2): the saved state (``GameState.to_dict``) holds every field of the state,
including the movement grants that wait for the movement step, whether that step has
passed, and the grants recorded but not yet applied; they lived on the ``Game`` object and a
restored game lost them ("Roll 1 additional movement die" given at the start of the turn was
gone by the movement step)."""

from __future__ import annotations

import json
import typing
from dataclasses import MISSING, fields

import pytest

from runeforge.engine.runebound.core.state import ActiveEffect, Figure, Hero, State
from runeforge.engine.runebound.game.game import Game
from runeforge.engine.runebound.game.gamestate import GameState
from tests.test_lang_runs import _granted, _movement_step, place_bundle  # noqa: F401


def _saved(state) -> dict:
    """The state as a save file holds it: JSON text read back."""
    return json.loads(json.dumps(state.to_dict()))


def _restored(game) -> Game:
    """A new game built from ``game``'s saved state (the same content and players)."""
    return Game(game.catalog, game.rules, game.board, game.movement_dice, game.adventure,
                GameState.from_dict(_saved(game.state)), game.players)


# ---- every field of the state survives the round trip -----------------------------------------

def _sample(tp, name: str, i: int):
    """A value of type ``tp`` that differs from the field's default."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is int:
        return 7 + i
    if tp is str:
        return f"{name}-{i}"
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        return _sample(next(a for a in args if a is not type(None)), name, i)
    if origin is dict or tp is dict:
        value = _sample(args[1], name, i) if args else {"k": i}
        return {f"{name}-key": value}
    if origin is list:
        inner = args[0]
        if inner is Hero:
            return [Hero(id=f"hero-{i}", name="H", kind="hero", body=2, wounds=1, gold=3,
                         items=["sword"], skills=["Climb"], used={"sword#0@turn": 1},
                         activations={"2": 1},
                         allies=[Figure(id="ally-1", name="A", kind="ally", wounds=1)])]
        if inner is ActiveEffect:
            return [ActiveEffect("hero-1", "cloak", "end_of_turn",
                                 [{"op": "terrain_rule", "skill": None, "terrain": "forest",
                                   "like": "plains"}], 2)]
        return [_sample(inner, name, i)]
    raise AssertionError(f"no sample for {name}: {tp!r}")


def _hints(cls) -> dict:
    import runeforge.engine.runebound.core.state as core
    import runeforge.engine.runebound.game.gamestate as game

    return typing.get_type_hints(cls, {**vars(core), **vars(game)})


@pytest.mark.parametrize("cls", [State, GameState])
def test_every_field_of_the_state_survives_a_save(cls):
    hints = _hints(cls)
    values = {}
    for i, f in enumerate(fields(cls)):
        tp = hints[f.name]
        default = f.default if f.default is not MISSING else f.default_factory()
        if tp is bool:
            values[f.name] = not default
        elif tp is dict or typing.get_origin(tp) is dict and typing.get_args(tp)[1] is dict:
            values[f.name] = {f"{f.name}-key": {"x": i}}
        elif tp == list[dict]:
            values[f.name] = [{"op": "move", "hero": "hero-1", "amount": i}]
        elif f.name in ("winner", "how", "active_event"):
            values[f.name] = f"{f.name}-{i}"
        else:
            values[f.name] = _sample(tp, f.name, i)
        assert values[f.name] != default, f.name
    state = cls(**values)
    data = _saved(state)
    assert set(data) == {f.name for f in fields(cls)}  # a new field is saved too
    again = cls.from_dict(data)
    for f in fields(cls):
        assert getattr(again, f.name) == getattr(state, f.name), f.name
    assert again.to_dict() == state.to_dict()


def test_a_whole_game_restored_at_each_checkpoint_saves_the_same_state():
    """At every checkpoint of a seeded game, the restored state saves to the same data."""
    from tests.test_game_props import play

    seen = []
    original = Game.checkpoint

    def checkpoint(self, label):
        data = _saved(self.state)
        assert GameState.from_dict(data).to_dict() == data
        seen.append(label)
        original(self, label)

    Game.checkpoint = checkpoint
    try:
        play(ruleset="advanced", players=3, seed=11)
    finally:
        Game.checkpoint = original
    assert "movement" in seen and "adventure" in seen


# ---- the movement grants in the middle of a turn ----------------------------------------------

def test_extra_movement_dice_granted_at_the_start_of_the_turn_survive_a_save(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _granted(game, hero, "At the start of your turn, roll 1 additional movement die.", "hero",
             "start_of_turn")
    again = _restored(game)
    assert again.pending_movement == game.pending_movement != []
    assert _movement_step(again, again.hero(hero.id))["extra"] == 1  # was 0: lost


def test_a_move_granted_before_the_step_survives_a_save_as_an_option(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _granted(game, hero, "Move 2 spaces.", "hero", "start_of_turn")
    again = _restored(game)
    again.movement(again.hero(hero.id))
    asked = next(d for d in again.players[hero.id].asked if d.kind == "movement")
    assert "grant:0" in asked.options


def test_a_game_saved_after_the_movement_step_moves_a_granted_move_at_once(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _movement_step(game, hero)
    assert game.movement_done
    again = _restored(game)
    assert again.movement_done  # was False: the move waited for a step that had passed
    here = again.state.positions[hero.id]
    far = max(again.board.distances_from(here).items(), key=lambda kv: (kv[1] <= 2, kv[1]))[0]
    again.players[hero.id].answers["destination"] = [far]
    _granted(again, again.hero(hero.id), "Take 1 wound. Then you may move 2 spaces.",
             "encounter", "none")
    assert again.state.positions[hero.id] == far != here
    assert again.pending_movement == []


def test_grants_recorded_but_not_applied_survive_a_save(place_bundle):  # noqa: F811
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at
    from runeforge.games.runebound.abilities import compile_text
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    game.combat.moment = moment_at("start_of_turn", turn=game.state.turn)
    text = "At the start of your turn, roll 1 additional movement die."
    run_all(build_effects(compile_text(text, "hero")["effects"]),
            Context(game.combat, hero, hero.id))
    assert game.combat.grants  # recorded; the turn loop applies them after the window
    again = _restored(game)
    assert again.combat.grants == game.combat.grants
    again.after_effects(again.hero(hero.id))
    assert _movement_step(again, again.hero(hero.id))["extra"] == 1


def test_a_knock_out_of_this_turn_survives_a_save(place_bundle):  # noqa: F811
    """Seed 002: a Hero knocked out may be changed once the turn ends; the queue of those
    knocked out lived on the Game."""
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    game.knocked_out.append(hero.id)
    again = _restored(game)
    assert again.knocked_out == [hero.id]


def test_a_changed_hero_keeps_the_movement_grants_waiting_for_it(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _granted(game, hero, "At the start of your turn, roll 1 additional movement die.", "hero",
             "start_of_turn")
    new_id = sorted(c for c in game.state.removed if game.card(c).kind == "hero")[0]
    game.change_hero(hero, new_id)
    assert [g["hero"] for g in game.pending_movement] == [new_id]
    assert _movement_step(game, hero)["extra"] == 1  # was 0: the grant named the old Hero


# ---- the adventure layer's records of the whole game (branch runs3) ---------------------------

@pytest.mark.parametrize("adventure, record", [
    ("crown-of-the-elder-kings", "elder_king"),
    ("sceptre-of-kyros", "giant_lords_defeated"),
])
def test_an_adventure_games_records_survive_a_save(adventure, record):
    """The Elder King, the Giant Lords defeated, every defeat and the side decks' cards were
    attributes of the Game alone: a saved adventure game lost them."""
    from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from tests.engine_bundle import bundle

    def new():
        return new_adventure_game(bundle(), adventure=adventure, players=2, seed=3,
                                  make_bot=make_bot)

    game = new()
    game.run()
    names = ("elder_king", "giant_lords_defeated", "adventure_defeats", "side_cards")
    kept = {name: getattr(game, name) for name in names}
    assert kept[record] and kept["adventure_defeats"]  # the game made the records
    again = new()  # a fresh game of the same adventure, given the saved state
    again.state = GameState.from_dict(_saved(game.state))
    assert {name: getattr(again, name) for name in names} == kept
    assert again.state.to_dict() == game.state.to_dict()


# ---- the base game's defeats not yet checked for a win (branch runs4) --------------------------

def test_a_defeat_not_yet_checked_for_a_win_survives_a_save(place_bundle):  # noqa: F811
    """``Game.defeated_challenges`` (the defeats since the last check for a win) lived on the
    Game alone: a game saved between a defeat and the check lost the win."""
    import dataclasses

    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    target = game.adventure.defeat_to_win[0] if game.adventure.defeat_to_win else next(
        c for c in game.catalog.cards if game.catalog.card(c).kind == "challenge")
    game.adventure = dataclasses.replace(game.adventure, defeat_to_win=(target,))
    game.defeated_challenges.append([hero.id, target])
    again = _restored(game)
    assert again.defeated_challenges == [[hero.id, target]]
    assert again.state.to_dict() == game.state.to_dict()
    again.adventure = game.adventure
    assert again.check_win(again.hero(hero.id))  # was False: the defeat was lost
    assert again.state.winner == hero.id


def _winning_target(game):
    import dataclasses

    target = game.adventure.defeat_to_win[0] if game.adventure.defeat_to_win else next(
        c for c in game.catalog.cards if game.catalog.card(c).kind == "challenge")
    game.adventure = dataclasses.replace(game.adventure, defeat_to_win=(target,))
    return target


def test_a_check_that_returns_early_takes_the_defeats_it_was_given(place_bundle):  # noqa: F811
    """Branch mends: check_win returned early (the game over) without taking the defeats
    recorded since the last check, so they leaked into the next check: a game restored from
    that state (and played on, its phase "game") declared the stale defeat's win."""
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    target = _winning_target(game)
    game.state.phase = "over"  # e.g. the endgame ended the game
    game.defeated_challenges.append([hero.id, target])
    assert game.check_win(hero)  # the early return
    assert game.defeated_challenges == [] and game.state.to_dict()["defeated_challenges"] == []
    again = _restored(game)
    again.adventure = game.adventure
    again.state.phase, again.state.winner = "game", None
    assert not again.check_win(again.hero(hero.id))  # was True: the defeat was read again
    assert again.state.winner is None


def test_a_winning_check_takes_its_defeats_too(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    target = _winning_target(game)
    other = game.state.seats[1]
    game.defeated_challenges.extend([[other, "not-a-winning-card"], [hero.id, target]])
    assert game.check_win(hero) and game.state.winner == hero.id  # the first to meet it
    assert game.defeated_challenges == []  # was both: the win returned before clearing


def test_an_adventure_game_saves_no_defeats_its_checks_took():
    """An adventure game's check_win reads its record of the whole game (adventure_defeats)
    and never took the base game's defeats since the last check: they piled up in the saved
    state for the whole game (every defeat of the game was in its end state)."""
    from runeforge.commands.play import play_game
    from tests.test_game_caches import GAMES
    from tests.test_game_props import content

    game = play_game(content()[0], dict(GAMES["crown-base-1"]))
    assert game.state.phase == "over" and game.adventure_defeats
    assert game.state.to_dict()["defeated_challenges"] == []


def test_a_changed_hero_keeps_its_defeats_in_the_saved_state(place_bundle):  # noqa: F811
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    game.defeated_challenges.append([hero.id, "some-challenge"])
    new_id = next(c for c in game.catalog.cards if game.catalog.card(c).kind == "hero"
                  and c not in game.state.seats)
    game.change_hero(hero, new_id)
    assert game.state.to_dict()["defeated_challenges"] == [[new_id, "some-challenge"]]
