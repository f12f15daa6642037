"""Property tests: the exact movement search agrees with brute force on random boards and dice.

Brute force: enumerate every walk (revisits allowed) of up to len(dice) steps and decide
each one by trying all ordered choices of distinct dice (itertools.permutations) — no
bitmask search, no augmenting paths.
"""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.engine.runebound.game.board import Board, Space
from runeforge.engine.runebound.game.movement import TERRAINS, assign_dice, find_path, reachable

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEXES = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
KINDS = (*TERRAINS, "town")
SETTINGS = settings(max_examples=200, deadline=None)


@st.composite
def boards(draw):
    """A random small hex board: a subset of a radius-2 hexagon, random terrain, hex links
    with some edges dropped (both sides), the start on the first space."""
    cells = draw(st.lists(st.sampled_from(HEXES), min_size=1, max_size=12, unique=True))
    terrain = [draw(st.sampled_from(KINDS)) for _ in cells]
    ids = {c: f"s{i}" for i, c in enumerate(cells)}
    links: dict[str, list[str]] = {ids[c]: [] for c in cells}
    for c in cells:
        for dq, dr in DIRS:
            o = (c[0] + dq, c[1] + dr)
            if o in ids and ids[c] < ids[o] and draw(st.integers(0, 5)) > 0:
                links[ids[c]].append(ids[o])
                links[ids[o]].append(ids[c])
    spaces = [Space(ids[c], c[0], c[1], t, town=f"T{i}" if t == "town" else None)
              for i, (c, t) in enumerate(zip(cells, terrain, strict=True))]
    # Board needs a start town; use a synthetic one far away (not linked) if none exists.
    start_town = next((sp.town for sp in spaces if sp.town), None)
    if start_town is None:
        spaces.append(Space("home", 9, 9, "town", town="Home"))
        links["home"] = []
        start_town = "Home"
    board = Board(spaces, links, start_town)
    return board, ids[cells[0]]


faces = st.frozensets(st.sampled_from(TERRAINS), min_size=1, max_size=4)
rolls = st.lists(faces, min_size=0, max_size=5).map(tuple)


def step_ok(board, space, face) -> bool:
    t = board.terrain(space)
    return t == "town" or t in face


def brute_matchable(board, steps, rolled) -> bool:
    k = len(steps)
    return any(all(step_ok(board, s, rolled[d]) for s, d in zip(steps, perm, strict=True))
               for perm in permutations(range(len(rolled)), k))


def brute_walks(board, start, rolled):
    """All matchable walks from start (as tuples of spaces, start first)."""
    out = [(start,)]
    frontier = [(start,)]
    for _ in range(len(rolled)):
        nxt = []
        for walk in frontier:
            for n in board.neighbours(walk[-1]):
                cand = walk + (n,)
                if brute_matchable(board, cand[1:], rolled):
                    nxt.append(cand)
        out.extend(nxt)
        frontier = nxt
    return out


def valid_assignment(board, path, rolled, dice) -> bool:
    return (len(dice) == len(path) - 1 and len(set(dice)) == len(dice)
            and all(step_ok(board, s, rolled[d]) for s, d in zip(path[1:], dice, strict=True)))


@SETTINGS
@given(boards(), rolls)
def test_reachable_equals_brute_force(bs, rolled):
    board, start = bs
    expected = {walk[-1] for walk in brute_walks(board, start, rolled)}
    assert reachable(board, start, rolled) == expected


@SETTINGS
@given(boards(), rolls)
def test_reachable_spaces_have_paths_and_others_do_not(bs, rolled):
    board, start = bs
    got = reachable(board, start, rolled)
    for space in board.spaces:
        found = find_path(board, start, space, rolled)
        if space in got:
            assert found is not None
            path, dice = found
            assert path[0] == start and path[-1] == space
            assert all(b in board.neighbours(a) for a, b in zip(path, path[1:], strict=False))
            assert valid_assignment(board, path, rolled, dice)
            assert assign_dice(board, path, rolled) is not None
        else:
            assert found is None


@SETTINGS
@given(boards(), rolls, st.data())
def test_assign_dice_matches_brute_force_on_any_walk(bs, rolled, data):
    board, start = bs
    walk = [start]
    for _ in range(data.draw(st.integers(0, len(rolled) + 1))):
        nbs = board.neighbours(walk[-1])
        if not nbs:
            break
        walk.append(data.draw(st.sampled_from(nbs)))
    dice = assign_dice(board, walk, rolled)
    possible = len(walk) - 1 <= len(rolled) and brute_matchable(board, walk[1:], rolled)
    assert (dice is not None) == possible
    if dice is not None:
        assert valid_assignment(board, walk, rolled, dice)


@SETTINGS
@given(boards(), rolls, faces)
def test_adding_a_die_never_shrinks_the_set(bs, rolled, extra):
    board, start = bs
    before = reachable(board, start, rolled)
    assert before <= reachable(board, start, rolled + (extra,))
    assert start in before


@SETTINGS
@given(boards(), st.integers(0, 5))
def test_towns_are_wild(bs, n):
    """With faces that show no terrain of the board at all, only towns can be entered —
    and a chain of towns as long as the dice allow."""
    board, start = bs
    rolled = tuple(frozenset({"__none__"}) for _ in range(n))  # symbols matching no terrain
    got = reachable(board, start, rolled)
    towns_only = {start}
    frontier = {start}
    for _ in range(n):
        frontier = {m for s in frontier for m in board.neighbours(s) if board.is_town(m)}
        towns_only |= frontier
    assert got == towns_only



def plain_path(board, start, goal, rolled):
    """The first path the plain breadth-first search over (space, dice used) finds, every
    state queued (find_path leaves out the states the goal is out of reach from)."""
    from collections import deque

    first = (start, 0)
    parent = {first: None}
    found = first if goal == start else None
    queue = deque([first])
    while queue and found is None:
        state = queue.popleft()
        here, used = state
        for nxt in board.neighbours(here):
            for d in range(len(rolled)):
                new = (nxt, used | 1 << d)
                if used >> d & 1 or not step_ok(board, nxt, rolled[d]) or new in parent:
                    continue
                parent[new] = (state, d)
                if nxt == goal:
                    found = new
                    break
                queue.append(new)
            if found is not None:
                break
    if found is None:
        return None
    spaces, dice = [], []
    while parent[found] is not None:
        spaces.append(found[0])
        found, die = parent[found]
        dice.append(die)
    spaces.append(start)
    return tuple(reversed(spaces)), tuple(reversed(dice))


@SETTINGS
@given(boards(), rolls)
def test_find_path_is_the_first_path_of_the_plain_search(bs, rolled):
    board, start = bs
    for space in board.spaces:
        assert find_path(board, start, space, rolled) == plain_path(board, start, space, rolled)
