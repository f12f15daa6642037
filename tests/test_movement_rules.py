"""Scenario tests: dice counts, first-turn dice by seat, resting, the free step, the bundled
dice, and movement on the bundled board — all read from the ruleset/dice/board YAML."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.core.rulesdata import bundled_document, load_ruleset
from runeforge.engine.runebound.game.board import Board
from runeforge.engine.runebound.game.movement import (
    TERRAINS,
    Figure,
    MovementDice,
    assign_dice,
    dice_allowed,
    find_path,
    free_step_targets,
    reachable,
    rest_exhaustion_removed,
)

BASE = load_ruleset("base").movement
ADV = load_ruleset("advanced").movement
HERO = Figure("hero")


@pytest.fixture(scope="module")
def board():
    return Board.from_dict(bundled_document("board"))


@pytest.fixture(scope="module")
def dice():
    return MovementDice.from_dict(bundled_document("movement-dice"))


# -- first turn by seat (advanced) ------------------------------------------------------------
@pytest.mark.parametrize("players, expected", [
    (1, [5]),
    (2, [4, 5]),
    (3, [3, 4, 5]),
    (4, [2, 3, 4, 5]),
    (5, [2, 3, 4, 5, 5]),
    (6, [2, 3, 4, 5, 5, 5]),
])
def test_advanced_first_turn_dice_by_seat(players, expected):
    got = [dice_allowed(ADV, [HERO], in_town=True, players=players, seat=s, first_turn=True)
           for s in range(1, players + 1)]
    assert got == expected


@pytest.mark.parametrize("players", range(1, 7))
def test_base_first_turn_is_a_normal_turn(players):
    got = {dice_allowed(BASE, [HERO], in_town=True, players=players, seat=s, first_turn=True)
           for s in range(1, players + 1)}
    assert got == {5}


# -- dice count -------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, figures, in_town, expected", [
    (BASE, [HERO], False, 5),
    (BASE, [Figure("hero", wounds=1)], True, 4),
    (BASE, [HERO, Figure("ally", exhaustion=2)], True, 4),
    (BASE, [HERO, Figure("ally", wounds=1)], False, 4),
    (ADV, [HERO], False, 5),
    (ADV, [Figure("hero", exhaustion=1)], False, 4),
    (ADV, [Figure("hero", exhaustion=1)], True, 5),        # starting in a town
    (ADV, [HERO, Figure("ally", exhaustion=1)], False, 4),
    (ADV, [Figure("hero", wounds=3)], False, 5),           # wounds do not reduce (advanced)
])
def test_dice_allowed(rules, figures, in_town, expected):
    assert dice_allowed(rules, figures, in_town=in_town) == expected


# -- resting and the free step ----------------------------------------------------------------
@pytest.mark.parametrize("rules, rolled, allowed, removed", [
    (BASE, 5, 5, 0), (BASE, 4, 5, 0), (BASE, 3, 5, 1), (BASE, 2, 5, 2), (BASE, 0, 5, 4),
    (BASE, 3, 4, 1), (BASE, 0, 4, 4),
    (ADV, 5, 5, 0), (ADV, 4, 5, 1), (ADV, 0, 5, 5), (ADV, 2, 4, 2),
])
def test_resting(rules, rolled, allowed, removed):
    assert rest_exhaustion_removed(rules, rolled, allowed) == removed


def test_resting_cannot_roll_more_than_allowed():
    with pytest.raises(IllegalAction):
        rest_exhaustion_removed(BASE, 5, 4)


def test_free_step_not_when_resting(board):
    at = board.start_space
    assert set(free_step_targets(BASE, board, at, resting=False)) == set(board.neighbours(at))
    assert len(board.neighbours(at)) == 6
    assert free_step_targets(BASE, board, at, resting=True) == ()
    assert free_step_targets(ADV, board, at, resting=True) == ()


# -- the bundled dice -------------------------------------------------------------------------
def test_bundled_dice_shape(dice):
    assert len(dice) == 5
    counts = {t: 0 for t in TERRAINS}
    for die in dice.dice:
        assert all(len(face) >= 2 for face in die.faces)
        for face in die.faces:
            for t in face:
                counts[t] += 1
    rare = max(counts[t] for t in ("mountains", "swamp", "forest"))
    assert rare < min(counts["road"], counts["plains"])


def hazard_chance(die, terrain) -> Fraction:
    faces = die.faces
    miss = sum(1 for a, b in product(faces, faces) if terrain not in a and terrain not in b)
    return Fraction(miss, len(faces) ** 2)


def test_travel_hazards_likelier_in_mountains_forest_swamp(dice):
    die = dice.dice[0]
    wild = {t: hazard_chance(die, t) for t in ("mountains", "forest", "swamp")}
    tame = {t: hazard_chance(die, t) for t in ("road", "plains", "river", "hills")}
    assert min(wild.values()) > max(tame.values())
    assert hazard_chance(die, "road") == Fraction(1, 9)


def test_rolling_is_seeded_and_bounded(dice):
    a = dice.roll(5, random.Random(7))
    b = dice.roll(5, random.Random(7))
    assert a == b and len(a) == 5
    assert all(face in dice.dice[0].faces for face in a)
    assert dice.roll(0, random.Random(1)) == ()
    with pytest.raises(IllegalAction):
        dice.roll(6, random.Random(1))


# -- on the bundled board ---------------------------------------------------------------------
def test_three_river_symbols_move_three_river_spaces(board):
    """Seed 000's example: three dice showing river move the Hero three river spaces."""
    runs = []
    for sid, sp in board.spaces.items():
        if sp.terrain != "river":
            continue
        for n1 in board.neighbours(sid):
            for n2 in board.neighbours(n1):
                for n3 in board.neighbours(n2):
                    if all(board.terrain(x) == "river" for x in (n1, n2, n3)) and \
                            len({sid, n1, n2, n3}) == 4:
                        runs.append((sid, n1, n2, n3))
    assert runs
    river_path = runs[0]
    rolled = tuple(frozenset({"river", "hills"}) for _ in range(3))
    assert river_path[-1] in reachable(board, river_path[0], rolled)
    assert sorted(assign_dice(board, river_path, rolled)) == [0, 1, 2]
    assert assign_dice(board, river_path, rolled[:2]) is None


def test_town_reached_with_any_symbol(board):
    tamalir = board.start_space
    nb = next(n for n in board.neighbours(tamalir) if not board.is_town(n))
    terrain = board.terrain(nb)
    other = next(t for t in TERRAINS if t != terrain)
    # one die that fits nb, one die that fits nothing around: back into Tamalir is fine
    rolled = (frozenset({terrain}), frozenset({other}))
    path, dice = find_path(board, nb, tamalir, rolled)
    assert path == (nb, tamalir) and len(dice) == 1
    assert tamalir in reachable(board, nb, (frozenset({other}),))


def test_knocked_out_hero_goes_to_nearest_town(board):
    for sid in board.spaces:
        near = board.nearest_towns(sid)
        dist = board.distances_from(sid)
        best = min(dist[board.town_space(t)] for t in board.towns)
        assert near and all(dist[board.town_space(t)] == best for t in near)


def test_dice_file_schema():
    import json
    from pathlib import Path

    import jsonschema

    root = Path(__file__).resolve().parents[1]
    schema = json.loads((root / "compiler" / "schemas" / "dice.schema.json").read_text())
    doc = bundled_document("movement-dice")
    jsonschema.validate(doc, schema)
    assert doc["origin"] == "original"
    doc["dice"][0]["faces"][0] = ["road"]  # a face shows two or more symbols
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)
    doc = bundled_document("movement-dice")
    doc["dice"][0]["faces"][0] = ["road", "lava"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)
    with pytest.raises(Exception, match="lava"):
        MovementDice.from_dict(doc)
