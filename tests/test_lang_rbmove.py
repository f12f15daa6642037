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


# ---- a Hero moved to a space of a terrain ---------------------------------------------------

@pytest.mark.parametrize("said, printed, ir", [
    ("Move your Hero to an adjacent plains space.",
     "Move your Hero to an adjacent plains space.",
     {"op": "move_to_space", "place": "plains", "reach": "adjacent"}),
    ("Move to any river space.", "Move your Hero to any river space.",
     {"op": "move_to_space", "place": "river", "reach": "any"}),
    ("Move your Hero to the nearest forest or hills space.",
     "Move your Hero to the nearest hill or forest space.",
     {"op": "move_to_space", "place": ["hills", "forest"], "reach": "nearest"}),
    ("Move your Hero to a neighbouring swamp, road or mountain space.",
     "Move your Hero to an adjacent road, swamp or mountain space.",
     {"op": "move_to_space", "place": ["road", "swamp", "mountains"], "reach": "adjacent"}),
    ("Move your Hero to any town.", "Move your Hero to any town.",
     {"op": "move_to_space", "place": "town", "reach": "any"}),
    ("Move your Hero to an adjacent town space.", "Move your Hero to an adjacent town.",
     {"op": "move_to_space", "place": "town", "reach": "adjacent"}),
])
def test_a_move_to_a_terrains_space_lowers_prints_and_renders(said, printed, ir):
    ability = parse_ability(said)
    assert print_ability(ability) == printed and parse_ability(printed) == ability
    out = lower(ability)
    validate_ability(out)
    assert out["effects"] == [ir]
    seen = set()
    for locale in LOCALES:
        text = render_ability(ability, locale)
        assert text and "{" not in text and text not in seen, (locale, text)
        seen.add(text)
    assert render_ability(ability, "en") == printed


def test_the_nearest_town_stays_the_move_to_a_town():
    assert lower(parse_ability("Move your Hero to the nearest town."))["effects"] == [
        {"op": "move_to", "town": None}]


@pytest.mark.parametrize("text, kind, code", [
    ("Move your Hero to any Tamalir space.", "encounter", "RF420"),
    ("Move your Hero to an adjacent desert space.", "encounter", "RF420"),
    ("Melee: Activate to move your Hero to an adjacent river space.", "item", "RF421"),
    ("Before Combat: Move your Hero to any town.", "hero", "RF421"),
])
def test_a_move_the_engine_cannot_make_is_refused_at_check(text, kind, code):
    from runeforge.games.runebound.abilities import compile_ability
    from runeforge.games.runebound.checks import CardContext

    ir, found = compile_ability(text, CardContext(kind, "activated" if kind == "item" else None,
                                                  None, frozenset()))
    hit = [f for f in found if f.code == code]
    assert ir is None and hit and hit[0].hint, [(f.code, f.message) for f in found]


def _moved(place_bundle, text, at=None, pick=None, **scripts):
    """Run ``text`` for the Hero (out of combat, as an encounter's text is run) from ``at`` and
    apply its grants; return (game, hero, start)."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, **scripts)
    start = at or pick(game.board)
    game.state.positions[hero.id] = start
    game.combat.moment = moment_at("none", turn=game.state.turn)
    run_all(build_effects(compile_text(text, "encounter")["effects"]),
            Context(game.combat, hero, "rbmove-test"))
    game.after_effects(hero)
    return game, hero, start


def _with_neighbour(terrains, min_fits=1):
    """A space with at least ``min_fits`` neighbours of the terrains (first in board order)."""
    def pick(board):
        for sid in sorted(board.spaces):
            fits = [nb for nb in board.neighbours(sid) if board.terrain(nb) in terrains]
            if len(set(fits)) >= min_fits and board.terrain(sid) != "town":
                return sid
        pytest.skip(f"no space next to {terrains} on this board")
    return pick


def test_the_engine_moves_the_hero_to_an_adjacent_space_of_the_terrain(place_bundle):
    terrains = None
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    kinds = sorted({board.terrain(s) for s in board.spaces} - {"town"})
    terrains = (kinds[0],)
    game, hero, start = _moved(place_bundle, f"Move your Hero to an adjacent {kinds[0]} "
                               "space.", pick=_with_neighbour(terrains))
    at = game.state.positions[hero.id]
    assert at != start and at in board.neighbours(start) and board.terrain(at) == kinds[0]
    assert game.state.previous[hero.id] == start  # a step: an escape leads back there
    moved = [r for r in game.log.records if r.get("type") == "moved"]
    assert moved[-1]["to"] == at and moved[-1]["why"] == "rbmove-test"


def test_the_player_chooses_among_the_adjacent_spaces(place_bundle):
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    for kind in sorted({board.terrain(s) for s in board.spaces} - {"town"}):
        start = next((s for s in sorted(board.spaces) if board.terrain(s) != "town" and len(
            {nb for nb in board.neighbours(s) if board.terrain(nb) == kind}) >= 2), None)
        if start:
            break
    else:
        pytest.skip("no space with two neighbours of one terrain")
    options = sorted({nb for nb in board.neighbours(start) if board.terrain(nb) == kind})
    game, hero, _ = _moved(place_bundle, f"Move your Hero to an adjacent {kind} space.",
                           at=start, destination=[options[-1]])
    asked = [d for d in game.players[hero.id].asked if d.kind == "destination"]
    assert asked and sorted(asked[-1].options) == options
    assert game.state.positions[hero.id] == options[-1]


def test_the_engine_moves_the_hero_to_any_or_the_nearest_space_of_the_terrain(place_bundle):
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    start = sorted(s for s in board.spaces if board.terrain(s) != "town")[0]
    kind = next(board.terrain(s) for s in sorted(board.spaces, reverse=True)
                if board.terrain(s) not in ("town", board.terrain(start)))
    game, hero, _ = _moved(place_bundle, f"Move your Hero to any {kind} space.", at=start)
    assert board.terrain(game.state.positions[hero.id]) == kind
    game, hero, _ = _moved(place_bundle, f"Move your Hero to the nearest {kind} space.",
                           at=start)
    at = game.state.positions[hero.id]
    dist = board.distances_from(start)
    assert board.terrain(at) == kind and dist[at] == min(
        dist[s] for s in board.spaces if board.terrain(s) == kind and s in dist)
    assert hero.id not in game.state.previous  # put there: no way back by an escape


def test_the_engine_moves_the_hero_to_any_town(place_bundle):
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    start = sorted(s for s in board.spaces if board.terrain(s) != "town")[0]
    game, hero, _ = _moved(place_bundle, "Move your Hero to any town.", at=start)
    assert board.is_town(game.state.positions[hero.id])


def test_with_no_such_space_nothing_happens_and_the_log_says_why(place_bundle):
    from tests.test_lang_place_games import _game

    board = _game(place_bundle)[0].board
    kinds = {board.terrain(s) for s in board.spaces}
    for start in sorted(board.spaces):
        missing = sorted(k for k in ("road", "river", "plains", "hills", "forest", "swamp",
                                     "mountains") if k not in {board.terrain(nb) for nb in
                                                               board.neighbours(start)})
        if missing:
            break
    game, hero, _ = _moved(place_bundle, f"Move your Hero to an adjacent {missing[0]} space.",
                           at=start)
    assert game.state.positions[hero.id] == start
    unused = [r for r in game.log.records if r.get("type") == "grant_unused"]
    assert unused and unused[-1]["op"] == "move_to_space", kinds


# ---- a terrain's symbol used as another's; "When moving, ..." --------------------------------

@pytest.mark.parametrize("said, rules", [
    ("When moving, you may use any hills symbol as a mountain symbol, and any mountain symbol "
     "as a hills symbol.", [("mountains", "hills"), ("hills", "mountains")]),
    ("You may use any swamp symbol as a forest symbol.", [("forest", "swamp")]),
    ("While moving, you may use your road symbols as river symbols.", [("river", "road")]),
    ("Use each plains symbol as a hill symbol.", [("hills", "plains")]),
])
def test_a_symbol_used_as_another_is_the_movement_rule(said, rules):
    ability = parse_ability(said)
    ir = lower(ability)
    validate_ability(ir)
    assert ir["static"] is True
    assert ir["effects"] == [{"op": "terrain_rule", "skill": None, "terrain": t, "like": like}
                             for t, like in rules]
    printed = print_ability(ability)
    assert parse_ability(printed) == ability and lower(parse_ability(printed))["effects"] == \
        ir["effects"]
    for locale in LOCALES:
        out = render_ability(ability, locale)
        assert out and "{" not in out, (locale, out)


def test_two_optional_movement_rules_are_the_rules_not_an_optional_effect():
    """Before, "You may move through A as if they were B and move through B as if they were A."
    lowered to an optional effect of a non-static ability: no movement step read it."""
    ir = lower(parse_ability("You may move through hills as if they were mountains and move "
                             "through mountains as if they were hills."))
    assert ir["static"] is True and [e["op"] for e in ir["effects"]] == ["terrain_rule"] * 2


@pytest.mark.parametrize("text, code, words", [
    ("You may use any hills symbol as a hills symbol.", "RF494",
     "any hills symbol as a hills symbol"),
    ("When moving, gain 1 gold.", "RF495", "When moving,"),
    ("While moving, take 1 exhaustion to move 1 space.", "RF495", "While moving,"),
])
def test_a_symbol_rule_that_says_nothing_is_refused_at_its_words(text, code, words):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == code and err.value.hint
    assert text[err.value.start:err.value.end] == words


def test_the_movement_step_lets_a_hills_die_enter_mountains():
    """The rule in force: a die showing hills may enter a mountain space (and only hills)."""
    from runeforge.engine.runebound.core.state import ActiveEffect
    from runeforge.engine.runebound.game.place import with_terrain_rules
    from tests.test_game_scenarios import make

    game, (hero, _) = make()
    ir = compile_text("You may use any hills symbol as a mountain symbol.", "hero")
    rolled = (frozenset({"hills"}), frozenset({"road"}))
    assert "mountains" not in with_terrain_rules(game, hero, rolled)[0]
    game.state.effects.append(ActiveEffect(hero.id, "test-card", "end_of_turn", ir["effects"],
                                           None))
    out = with_terrain_rules(game, hero, rolled)
    assert "mountains" in out[0] and "mountains" not in out[1]


# ---- a movement die's face ---------------------------------------------------------------------

@pytest.mark.parametrize("said, printed, symbol", [
    ("You may treat one of your movement dice as showing a river symbol.",
     "Treat one of your movement dice as showing a river symbol.", "river"),
    ("Treat one movement die as showing any symbol each time you roll for movement.",
     "Treat one of your movement dice as showing any symbol.", "any"),
    ("When moving, you may treat a movement die as showing a hills symbol.",
     "Treat one of your movement dice as showing a hill symbol.", "hills"),
])
def test_a_die_shown_as_a_symbol_is_a_movement_rule(said, printed, symbol):
    ability = parse_ability(said)
    assert print_ability(ability) == printed and parse_ability(printed) == ability
    ir = lower(ability)
    validate_ability(ir)
    assert ir["static"] is True and ir["effects"] == [{"op": "die_face", "symbol": symbol}]
    seen = set()
    for locale in LOCALES:
        out = render_ability(ability, locale)
        assert out and "{" not in out and out not in seen, (locale, out)
        seen.add(out)
    assert render_ability(ability, "en") == printed


def _one_die_step(with_rule: str | None):
    """The movement step of a Hero next to a space whose terrain his one die does not show;
    returns (the destinations offered, that space, the game, the Hero)."""
    from runeforge.engine.runebound.core.state import ActiveEffect
    from tests.test_game_scenarios import Faces, make

    game, (hero, _) = make(movement=["roll:1"])
    board, faces = game.board, game.movement_dice.dice[0].faces
    for start in sorted(board.spaces):
        if board.is_town(start):
            continue
        for nb in sorted(board.neighbours(start)):
            terrain = board.terrain(nb)
            miss = [i for i, f in enumerate(faces) if terrain not in f]
            if terrain != "town" and miss:
                break
        else:
            continue
        break
    game.state.positions[hero.id] = start
    if with_rule:
        ir = compile_text(with_rule.replace("TERRAIN", terrain), "hero")
        game.state.effects.append(ActiveEffect(hero.id, "test-card", "end_of_turn",
                                               ir["effects"], None))
    game.rng = Faces([miss[0]])
    game.movement(hero)
    asked = [d for d in game.players[hero.id].asked if d.kind == "destination"]
    return asked[-1].options, nb, game, hero


def test_the_movement_step_lets_one_die_show_the_symbol():
    without, nb, _, _ = _one_die_step(None)
    assert nb not in without
    offered, nb, game, hero = _one_die_step("Treat one of your movement dice as showing a "
                                            "TERRAIN symbol.")
    assert nb in offered and set(without) <= set(offered)
    assert game.log.of_type("die_face")
    anything, nb, _, _ = _one_die_step("Treat one of your movement dice as showing any symbol.")
    assert nb in anything
