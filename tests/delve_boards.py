"""Small Delve boards for the tests: hand-made tiles and a hypothesis strategy of random ones."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from runeforge.engine.common.errors import EngineError
from runeforge.engine.delve.board.board import Board
from runeforge.engine.delve.board.placement import placements
from runeforge.engine.delve.board.tiles import Tile

# the shape of cards/delve/rules.yaml (a renown track of 5 to keep the lap tests short)
RULES = {"kind": "rules", "id": "test-rules", "name": "Test rules", "origin": "seed-003",
         "basic_actions": [
             {"action": "explore", "need": 1, "escalating": False, "origin": "seed-003"},
             {"action": "move", "need": 1, "escalating": False, "origin": "seed-003"},
             {"action": "recuperate", "need": 1, "escalating": True, "origin": "seed-003"}],
         "pinned_move_need": 2, "adjacency": 8, "diagonal_past_wall_corner": False,
         "recuperate_reset": "turn", "voluntary_end": True, "renown_per_slay": 1,
         "renown_track": 5, "hero_dice": 4, "round_limit": 12, "start_tile": "test-hall"}


def tile(name="Test Hall", size=(6, 4), **fields) -> Tile:
    return Tile.from_record({"name": name, "origin": "original", "size": list(size), **fields})


@st.composite
def tile_records(draw, name="Random Room"):
    w, h = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    cells = [[x, y] for x in range(w) for y in range(h)]
    void = draw(st.lists(st.sampled_from(cells), max_size=3, unique_by=tuple))
    walls = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            x = draw(st.integers(0, w))
            y1, y2 = sorted(draw(st.lists(st.integers(0, h), min_size=2, max_size=2,
                                          unique=True)))
            walls.append([[x, y1], [x, y2]])
        else:
            y = draw(st.integers(0, h))
            x1, x2 = sorted(draw(st.lists(st.integers(0, w), min_size=2, max_size=2,
                                          unique=True)))
            walls.append([[x1, y], [x2, y]])
    obstructions = []
    for _ in range(draw(st.integers(0, 2))):
        den = draw(st.sampled_from([1, 2, 4, 3]))
        pts = draw(st.lists(st.tuples(st.integers(0, w * den), st.integers(0, h * den)),
                            min_size=3, max_size=4, unique=True))
        obstructions.append([[f"{x}/{den}", f"{y}/{den}"] for x, y in pts])
    exits = []
    for side in draw(st.lists(st.sampled_from(["north", "east", "south", "west"]),
                              min_size=1, max_size=4, unique=True)):
        length = w if side in ("north", "south") else h
        width = draw(st.integers(1, min(2, length)))
        at = draw(st.integers(0, length - width))
        exits.append({"id": side[0], "side": side, "at": at, "width": width})
    return {"name": name, "origin": "original", "size": [w, h], "void": void, "walls": walls,
            "obstructions": obstructions, "exits": exits}


@st.composite
def boards(draw):
    """One random chamber, a second joined to its first exit when one fits, and sometimes a
    third joined to the second."""
    try:
        first = Tile.from_record(draw(tile_records("First Room")))
        second = Tile.from_record(draw(tile_records("Second Room")))
    except EngineError:
        from hypothesis import assume
        assume(False)
    board = Board()
    board.add(first)
    at = board.chambers[0].exits[first.exits[0].id]
    options = placements(board, second, at)
    if options:
        p = draw(st.sampled_from(options))
        board.add(second, p.rotation, p.origin, ((0, at.id), p.exit_id))
        free = board.unexplored_exits(1)
        if free and draw(st.booleans()):
            try:
                third = Tile.from_record(draw(tile_records("Third Room")))
            except EngineError:
                return board
            options = placements(board, third, free[0])
            if options:
                p = draw(st.sampled_from(options))
                board.add(third, p.rotation, p.origin, ((1, free[0].id), p.exit_id))
    return board


def frac(text: str) -> Fraction:
    return Fraction(text)
