"""Delve's board: tiles as data, steps and reach (R11, R12, A4), placement (R9, R10, A6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge.engine.common.errors import EngineError, IllegalAction
from runeforge.engine.delve.board.board import Board
from runeforge.engine.delve.board.placement import (
    centre_cells,
    deck_exit,
    explore,
    place,
    placements,
    start_board,
)
from runeforge.engine.delve.board.tiles import Tile
from tests.delve_boards import boards, tile, tile_records
from tests.delve_sight_brute import brute_touches_wall

CISTERN = {"name": "Flooded Cistern", "origin": "original", "size": [6, 4],
           "void": [[0, 0], [5, 3]], "walls": [[[2, 0], [2, 2]]],
           "obstructions": [[[3, 2], ["7/2", 2], ["7/2", 3], [3, 3]]],
           "exits": [{"id": "north", "side": "north", "at": 2, "width": 2}]}


# ---------------------------------------------------------------------- tiles
def test_the_contract_example_tile_reads():
    t = Tile.from_record(CISTERN)
    assert t.id == "flooded-cistern" and (t.width, t.height) == (6, 4)
    assert len(t.cells) == 22 and (0, 0) not in t.cells
    assert t.obstructions[0][1] == (Fraction(7, 2), Fraction(2))


@pytest.mark.parametrize("change, words", [
    ({"size": [0, 3]}, "size must be"),
    ({"void": [[6, 0]]}, "void cell [6, 0]"),
    ({"walls": [[[0, 0], [2, 2]]]}, "not horizontal or vertical"),
    ({"walls": [[[0, 0], [0, 9]]]}, "leaves the tile"),
    ({"obstructions": [[[0, 0], [1, 0]]]}, "3 or more vertices"),
    ({"obstructions": [[[0, 0], [1.5, 0], [1, 1]]]}, "not exact"),
    ({"obstructions": [[[0, 0], [1, 1], [2, 2]]]}, "no area"),
    ({"obstructions": [[[0, 0], [2, 2], [2, 0], [0, 3]]]}, "cross or touch"),
    ({"exits": [{"id": "n", "side": "up", "at": 0, "width": 1}]}, "side must be"),
    ({"exits": [{"id": "n", "side": "north", "at": 5, "width": 2}]}, "must fit"),
    ({"exits": [{"id": "n", "side": "north", "at": 0, "width": 1}]}, "void cell"),
    ({"walls": [[[1, 0], [4, 0]]]}, "exit 'north' is closed by a wall along it (at [2, 0])"),
])
def test_a_bad_tile_is_refused_naming_it(change, words):
    with pytest.raises(EngineError) as err:
        Tile.from_record({**CISTERN, **change})
    assert "flooded-cistern" in str(err.value) and words in str(err.value)


def test_rotation_turns_cells_walls_obstructions_and_exits_clockwise():
    t = Tile.from_record(CISTERN)
    r = t.rotated(1)
    assert (r.width, r.height) == (4, 6)
    assert (3, 0) in r.void and (0, 5) in r.void          # the top-left corner goes top-right
    assert r.exits[0].side == "east" and r.exits[0].at == 2
    assert t.rotated(4) == t and t.rotated(2).rotated(2) == t
    assert len(r.cells) == len(t.cells)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(tile_records(), st.integers(0, 3))
def test_rotation_keeps_exits_on_non_void_boundary_cells(record, turns):
    try:
        t = Tile.from_record(record)
    except EngineError:
        return
    r = t.rotated(turns)
    for e in r.exits:
        assert all(c in r.cells for c in e.cells(r.width, r.height))
        assert len(e.edges(r.width, r.height)) == e.width


# ---------------------------------------------------------------------- R11, R12, A4
def test_r12_eight_neighbours_on_an_open_floor():
    board = start_board(tile(exits=[{"id": "e", "side": "east", "at": 0, "width": 1}]))
    assert len(list(board.steps((2, 2)))) == 8
    assert len(list(board.steps((0, 0)))) == 3
    assert board.adjacent((2, 2), (3, 3)) and not board.adjacent((2, 2), (4, 2))


def test_r12_a4_walls_block_steps_and_a_diagonal_may_not_cut_a_wall_corner():
    board = start_board(tile(walls=[[[2, 0], [2, 1]]],
                             exits=[{"id": "e", "side": "east", "at": 0, "width": 1}]))
    assert not board.step_open((1, 0), (2, 0))            # across the wall
    assert not board.step_open((1, 0), (2, 1))            # cuts the wall's end at (2, 1)
    assert not board.step_open((1, 1), (2, 0))
    assert board.step_open((1, 1), (2, 1))                # below the wall's end
    assert board.step_open((1, 1), (2, 2))                # a corner the wall does not reach


def test_a4_figures_block_movement_into_their_space():
    board = start_board(tile(size=(3, 1), exits=[{"id": "e", "side": "east", "at": 0,
                                                   "width": 1}]))
    assert set(board.reach((0, 0), 2)) == {(0, 0), (1, 0), (2, 0)}
    assert set(board.reach((0, 0), 2, occupied={(1, 0)})) == {(0, 0)}


def test_r11_a4_move_up_to_the_move_value():
    board = start_board(tile(size=(6, 1), exits=[{"id": "e", "side": "east", "at": 0,
                                                   "width": 1}]))
    assert board.reach((0, 0), 3) == {(0, 0): 0, (1, 0): 1, (2, 0): 2, (3, 0): 3}


def brute_reach(board: Board, start, moves, occupied) -> set:
    """Every end of every walk of at most ``moves`` steps; a step is legal when the target
    is on the board and free and the centre-to-centre line touches no wall (brute force)."""
    def legal(a, b):
        return (b in board.owner and b not in occupied and a != b
                and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
                and not brute_touches_wall(board, a, b))

    ends, walks = {start}, [start]
    for _ in range(moves):
        walks = [(x + dx, y + dy) for x, y in walks for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 if legal((x, y), (x + dx, y + dy))]
        ends |= set(walks)
    return ends


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(boards(), st.data())
def test_r11_r12_reach_equals_a_brute_force_of_all_walks(board, data):
    cells = sorted(board.owner)
    start = data.draw(st.sampled_from(cells))
    occupied = set(data.draw(st.lists(st.sampled_from(cells), max_size=4))) - {start}
    moves = data.draw(st.integers(0, 4))
    assert set(board.reach(start, moves, occupied)) == brute_reach(board, start, moves,
                                                                   occupied)


# ---------------------------------------------------------------------- R9, R10, A6
HALL = {"name": "Long Hall", "origin": "original", "size": [4, 4],
        "exits": [{"id": "e", "side": "east", "at": 1, "width": 2},
                  {"id": "s", "side": "south", "at": 0, "width": 2}]}
ROOM = {"name": "Side Room", "origin": "original", "size": [3, 5],
        "exits": [{"id": "n", "side": "north", "at": 0, "width": 2},
                  {"id": "w", "side": "west", "at": 3, "width": 2}]}


def test_r9_explore_only_next_to_an_unexplored_exit():
    board = start_board(Tile.from_record(HALL))
    with pytest.raises(IllegalAction, match="R9: a hero explores only next to"):
        explore(board, (1, 1), Tile.from_record(ROOM))
    assert [e.id for e in board.exits_next_to((3, 2))] == ["e"]


def test_r10a_a6_the_new_chamber_turns_to_join_the_exit():
    board = start_board(Tile.from_record(HALL))
    room = explore(board, (3, 1), Tile.from_record(ROOM))
    # ROOM's first exit (north) needs three quarter turns to face west onto the hall's east
    assert (room.rotation, room.origin, room.tile.width) == (3, (4, 0), 5)
    assert board.joined[(0, "e")] == (1, "n")
    assert not board.chambers[0].exits["e"].edges & board.blocked   # the exit is open now
    assert board.step_open((3, 1), (4, 1)) and not board.step_open((3, 0), (4, 1))
    assert deck_exit(board, room).id == "w"                           # A6: first free exit


def test_r10a_overlap_is_refused_and_widths_must_match():
    board = start_board(Tile.from_record(HALL))
    narrow = Tile.from_record({**ROOM, "exits": [{"id": "n", "side": "north", "at": 0,
                                                  "width": 1}]})
    with pytest.raises(IllegalAction, match="R10a: tile 'side-room' cannot join"):
        place(board, narrow, board.chambers[0].exits["e"])
    board.add(Tile.from_record({"name": "Blocker", "size": [2, 2], "exits": []}), 0, (4, 4))
    big = Tile.from_record({"name": "Big Room", "size": [5, 5],
                            "exits": [{"id": "w", "side": "west", "at": 0, "width": 2},
                                      {"id": "x", "side": "west", "at": 3, "width": 2}]})
    options = placements(board, big, board.chambers[0].exits["e"])
    assert [(p.exit_id, p.rotation) for p in options] == [("x", 0)]   # "w" would overlap
    with pytest.raises(EngineError, match="would overlap"):
        board.add(big, 0, (4, 1))


def test_r10b_a6_adversaries_as_near_the_centre_as_possible_ties_by_lowest_y_then_x():
    board = start_board(Tile.from_record(HALL))
    room = explore(board, (3, 1), Tile.from_record(ROOM))       # 5 x 3 at (4, 0): centre (13/2, 3/2)
    assert centre_cells(board, room, 1) == [(6, 1)]
    assert centre_cells(board, room, 5) == [(6, 1), (6, 0), (5, 1), (7, 1), (6, 2)]
    assert centre_cells(board, room, 2, occupied={(6, 1)}) == [(6, 0), (5, 1)]
    hall = board.chambers[0]                                    # 4 x 4: four cells tie
    assert centre_cells(board, hall, 4) == [(1, 1), (2, 1), (1, 2), (2, 2)]


def test_board_round_trips_through_a_dict():
    import json
    board = start_board(Tile.from_record(HALL))
    explore(board, (3, 1), Tile.from_record(ROOM))
    data = json.loads(json.dumps(board.to_dict()))
    again = Board.from_dict(data, {"long-hall": Tile.from_record(HALL),
                                   "side-room": Tile.from_record(ROOM)})
    assert again.owner == board.owner and again.blocked == board.blocked
    assert again.joined == board.joined


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(tile_records("Old Room"), tile_records("New Room"), st.data())
def test_r10a_every_placement_joins_the_exit_exactly_without_overlap(old, new, data):
    try:
        first, second = Tile.from_record(old), Tile.from_record(new)
    except EngineError:
        return
    board = start_board(first)
    at = board.chambers[0].exits[first.exits[0].id]
    options = placements(board, second, at)
    for p in options:
        turned = second.rotated(p.rotation)
        assert turned.exit(p.exit_id).width == len(at.edges)
    if not options:
        return
    p = data.draw(st.sampled_from(options))
    chamber = place(board, second, at, p.exit_id, p.rotation)
    joined = chamber.exits[p.exit_id]
    assert joined.edges == at.edges and not joined.edges & board.blocked
    assert not chamber.cells & board.chambers[0].cells
    assert len(chamber.cells) == len(second.cells)
    # each cell along the old exit steps straight into the new chamber
    for cell in at.cells:
        across = [n for n in board.steps(cell) if board.owner[n] == chamber.index]
        assert across, cell
