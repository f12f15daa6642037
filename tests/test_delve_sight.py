"""Delve's line of sight (R20, A8): worked cases, and properties against a brute force."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge.engine.delve.board.board import Board
from runeforge.engine.delve.board.placement import place, start_board
from runeforge.engine.delve.board.sight import blocked_by, sees, visible_cells
from tests.delve_boards import boards, tile, tile_records
from tests.delve_sight_brute import brute_blocked

EAST_WEST = [{"id": "w", "side": "west", "at": 1, "width": 2},
             {"id": "e", "side": "east", "at": 1, "width": 2}]


def room(**fields) -> Board:
    return start_board(tile(size=(6, 4), exits=[EAST_WEST[1]], **fields))


def test_r20_clear_sight_across_a_chamber():
    board = room()
    assert sees(board, (0, 0), (5, 3)) and sees(board, (5, 3), (0, 0))
    assert len(visible_cells(board, (2, 2))) == 24


def test_r20_a_wall_blocks_sight():
    board = room(walls=[[[2, 0], [2, 4]]])
    assert blocked_by(board, (0, 0), (4, 0)) == "wall"
    assert sees(board, (0, 0), (1, 3))


def test_r20_touching_the_end_of_a_wall_blocks():
    # (0, 2) -> (2, 0) passes the grid point (2, 1), where the wall ends
    board = room(walls=[[[2, 0], [2, 1]]])
    assert blocked_by(board, (0, 2), (2, 0)) == "wall"
    assert sees(board, (0, 2), (3, 1))


def test_r20_a8_grazing_an_obstruction_corner_blocks_exactly():
    # the centre line (1/2, 1/2) -> (7/2, 3/2) passes (7/4, 11/12): a triangle whose only
    # common point with the line is that vertex blocks; lowered by 1/1000 it does not
    touching = room(obstructions=[[["7/4", "11/12"], [2, 2], ["3/2", 2]]])
    assert blocked_by(touching, (0, 0), (3, 1)) == "obstruction"
    clear = room(obstructions=[[["7/4", "917/1000"], [2, 2], ["3/2", 2]]])
    assert sees(clear, (0, 0), (3, 1))
    assert brute_blocked(touching, (0, 0), (3, 1)) == "obstruction"
    assert brute_blocked(clear, (0, 0), (3, 1)) is None


def test_r20_sight_through_an_open_exit_but_not_into_a_third_chamber():
    side = tile("Side Room", (4, 4), exits=EAST_WEST)
    board = start_board(tile("Start Room", (4, 4), exits=[EAST_WEST[1]]))
    b = place(board, side, board.chambers[0].exits["e"], "w")
    place(board, tile("End Room", (4, 4), exits=[EAST_WEST[0]]), b.exits["e"], "w")
    assert sees(board, (0, 1), (6, 2))               # into the joined chamber, via the exit
    assert blocked_by(board, (0, 1), (11, 2)) == "chamber"   # through the middle one
    assert blocked_by(board, (0, 0), (6, 0)) == "wall"       # beside the exit: a wall


def test_r20_an_unexplored_exit_is_still_a_wall():
    board = start_board(tile("Start Room", (4, 4), exits=[EAST_WEST[1]]))
    assert board.blocked >= board.chambers[0].exits["e"].edges


def test_r20_a8_figures_do_not_block_sight():
    from runeforge.engine.delve.rules.attacks import Figure, Weapon, targets
    board = room()
    hero = Figure("hero", "hero", (0, 1), 4)
    near = Figure("imp", "adversary", (2, 1), 2)
    far = Figure("brute", "adversary", (5, 1), 3)   # behind the imp on the same line
    bow = Weapon("Bow", 2, "missile", 3, 1)
    assert [f.id for f in targets(board, hero, bow, [hero, near, far])] == ["imp", "brute"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(boards(), st.data())
def test_r20_sight_is_symmetric_and_agrees_with_the_brute_force(board, data):
    cells = sorted(board.owner)
    a = data.draw(st.sampled_from(cells))
    b = data.draw(st.sampled_from(cells))
    fast = blocked_by(board, a, b)
    assert (fast is None) == (blocked_by(board, b, a) is None)
    assert (fast is None) == (brute_blocked(board, a, b) is None), (a, b, fast)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(boards())
def test_r20_every_pair_agrees_with_the_brute_force(board):
    cells = sorted(board.owner)[:20]
    for a in cells:
        for b in cells:
            assert sees(board, a, b) == (brute_blocked(board, a, b) is None), (a, b)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(tile_records(), st.integers(1, 3), st.data())
def test_r20_sight_turns_with_the_tile(record, turns, data):
    """A quarter turn moves cell (x, y) to (h - 1 - y, x); sight must not change."""
    from runeforge.engine.common.errors import EngineError
    from runeforge.engine.delve.board.tiles import Tile
    try:
        t = Tile.from_record(record)
    except EngineError:
        return
    plain, turned = start_board(t), start_board(t.rotated(turns))

    def turn(cell):
        w, h = t.width, t.height
        for _ in range(turns):
            cell, (w, h) = (h - 1 - cell[1], cell[0]), (h, w)
        return cell

    cells = sorted(plain.owner)
    for _ in range(10):
        a, b = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
        assert sees(plain, a, b) == sees(turned, turn(a), turn(b)), (a, b)
