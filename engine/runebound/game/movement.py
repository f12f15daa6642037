"""Movement: the terrain dice, how many a Hero rolls, resting, and exact path matching.

Seed 000 "Askel 2: Liikkuminen": each die gives ONE of its face's terrain symbols for one
step onto a space of that terrain; a town accepts any symbol; a die is used at most once and
not every die need be used. A path of k steps is possible iff its steps can be matched to k
distinct dice, so the search runs over states (space, set of dice used so far as a bitmask):
a walk through that state graph is exactly a legal move, so the reachable set is exact — no
more, no less. With d dice and n spaces there are at most n * 2**d states.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from runeforge.engine.common.errors import EngineError, IllegalAction

from ..core.rulesdata import MovementRules
from .board import Board

TERRAINS = ("road", "river", "plains", "hills", "forest", "swamp", "mountains")

Roll = tuple  # tuple[Face, ...]: the faces rolled, one per die (index = die number)


@dataclass(frozen=True)
class MovementDie:
    name: str
    faces: tuple[frozenset[str], ...]

    def roll(self, rng: random.Random) -> frozenset[str]:
        return self.faces[rng.randrange(len(self.faces))]


@dataclass(frozen=True)
class MovementDice:
    """The movement dice set (``cards/rules/movement-dice.yaml``), ``count`` expanded."""

    dice: tuple[MovementDie, ...]

    @classmethod
    def from_dict(cls, doc: Mapping) -> MovementDice:
        try:
            dice = []
            for entry in doc["dice"]:
                faces = tuple(frozenset(str(s) for s in face) for face in entry["faces"])
                for face in faces:
                    unknown = sorted(face - set(TERRAINS))
                    if unknown:
                        raise EngineError(f"die {entry['name']!r}: unknown terrain {unknown}")
                dice.extend([MovementDie(str(entry["name"]), faces)] * int(entry.get("count", 1)))
        except (KeyError, TypeError, ValueError) as exc:
            raise EngineError(f"malformed movement dice data: {exc!r}") from None
        return cls(tuple(dice))

    def __len__(self) -> int:
        return len(self.dice)

    def roll(self, n: int, rng: random.Random) -> Roll:
        """Roll the first ``n`` dice with ``rng``; returns one face per die."""
        if not 0 <= n <= len(self.dice):
            raise IllegalAction(f"cannot roll {n} movement dice; there are {len(self.dice)}")
        return tuple(die.roll(rng) for die in self.dice[:n])


# -- how many dice ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Figure:
    """What movement needs to know about the Hero or an Ally."""

    kind: str  # "hero" or "ally"
    wounds: int = 0
    exhaustion: int = 0


def dice_allowed(rules: MovementRules, figures: Iterable[Figure], *, in_town: bool,
                 players: int = 1, seat: int = 1, first_turn: bool = False) -> int:
    """The most movement dice the Hero may roll this turn (before choosing to rest)."""
    if first_turn and rules.first_turn_dice.rows:
        return rules.first_turn_count(players, seat)
    if rules.reduce_only_outside_town and in_town:
        return rules.dice
    for fig in figures:
        if fig.kind not in rules.reduce_figures:
            continue
        marked = (("wound" in rules.reduce_markers and fig.wounds > 0)
                  or ("exhaustion" in rules.reduce_markers and fig.exhaustion > 0))
        if marked:
            return min(rules.dice, rules.reduced_dice)
    return rules.dice


def rest_exhaustion_removed(rules: MovementRules, rolled: int, allowed: int) -> int:
    """Exhaustion the Hero (and Allies) may remove when rolling ``rolled`` of ``allowed`` dice.

    Base: rolling fewer than 4 dice rests, 1 exhaustion per die below 4. Advanced: 1 per die
    not rolled of those allowed this turn. Zero means the Hero is not resting.
    """
    if not 0 <= rolled <= allowed:
        raise IllegalAction(f"cannot roll {rolled} dice when {allowed} are allowed")
    baseline = allowed if rules.rest_baseline is None else min(rules.rest_baseline, allowed)
    return max(0, baseline - rolled) * rules.rest_exhaustion_per_die


def free_step_targets(rules: MovementRules, board: Board, at: str, resting: bool) -> tuple:
    """Spaces for the one-space move without rolling (never while resting)."""
    if not rules.free_step_allowed or (resting and not rules.free_step_when_resting):
        return ()
    return board.neighbours(at)


# -- exact matching -------------------------------------------------------------------------
def _step_masks(board: Board, rolled: Sequence[frozenset]) -> dict[str, int]:
    """terrain -> bitmask of the dice showing it; ``town`` -> every die."""
    masks = {t: 0 for t in TERRAINS}
    for i, face in enumerate(rolled):
        for symbol in face:
            if symbol in masks:
                masks[symbol] |= 1 << i
    masks["town"] = (1 << len(rolled)) - 1
    return masks


def _search(board: Board, start: str, rolled: Sequence[frozenset], goal: str | None = None):
    """BFS over (space, used-dice mask). Returns (parents, found_state).

    States leave the queue in the order they enter it, so the first state entering on
    ``goal`` is the first one the search would reach: the search stops there. With a goal,
    a state from which the goal is farther (in steps, whatever the terrain) than the dice
    left is never queued: no walk from it reaches the goal, none of the states it would
    reach can either, and no state that can is first reached from it (its neighbours are
    as far too), so the states kept are reached in the same order from the same parents
    and the path found is the same."""
    masks = _step_masks(board, rolled)
    links = board._links
    terrain = _terrains(board)
    n = len(rolled)
    far = _distances_to(board, goal) if goal is not None else None
    first = (start, 0)
    parent: dict[tuple[str, int], tuple[tuple[str, int], int] | None] = {first: None}
    if goal == start:
        return parent, first
    queue = deque([first])
    while queue:
        state = queue.popleft()
        here, used = state
        for nxt in links[here]:
            free = masks.get(terrain[nxt], 0) & ~used
            if far is not None and free and far.get(nxt, n + 1) > n - 1 - used.bit_count():
                continue  # the goal is out of reach from there
            while free:
                bit = free & -free
                free ^= bit
                new = (nxt, used | bit)
                if new not in parent:
                    parent[new] = (state, bit.bit_length() - 1)
                    if nxt == goal:
                        return parent, new
                    queue.append(new)
    return parent, None


def _terrains(board: Board) -> dict[str, str]:
    """space -> its terrain (``town`` for a town), kept on the board."""
    found = getattr(board, "_movement_terrains", None)
    if found is None:
        found = board._movement_terrains = {sid: sp.terrain for sid, sp in board.spaces.items()}
    return found


def _distances_to(board: Board, goal: str) -> dict[str, int]:
    """Steps from every space to ``goal`` along the links (kept on the board, per goal)."""
    memo = getattr(board, "_movement_to", None)
    if memo is None:
        memo = board._movement_to = {}
    found = memo.get(goal)
    if found is None:
        into = memo.get(None)  # space -> the spaces linking to it
        if into is None:
            into = memo[None] = {}
            for sid, nbs in board._links.items():
                for nb in nbs:
                    into.setdefault(nb, []).append(sid)
        found = memo[goal] = {goal: 0}
        queue = deque([goal])
        while queue:
            here = queue.popleft()
            for prev in into.get(here, ()):
                if prev not in found:
                    found[prev] = found[here] + 1
                    queue.append(prev)
    return found


def reachable(board: Board, start: str, rolled: Sequence[frozenset]) -> frozenset[str]:
    """Every space the Hero can end on with these dice (the start included: no die need be
    used). Walks may revisit spaces; figures and counters do not block.

    Exact by construction: ``at[mask]`` is the set (a bitset over spaces) of the spaces a walk
    can end on using exactly the dice in ``mask``, one step per die; a walk using ``mask`` plus
    die ``d`` last ends on a neighbour of ``at[mask]`` that die ``d`` can enter. The answer is
    the union over all masks (2**d masks, one neighbour expansion each).
    """
    board.space(start)
    index, names, links, terrain = _tables(board)
    spreads = _spreads(board)
    n = len(rolled)
    town = terrain["town"]
    enter = []
    for face in rolled:
        bits = town
        for symbol in face:
            bits |= terrain.get(symbol, 0)
        enter.append(bits)
    at = [0] * (1 << n)
    at[0] = 1 << index[start]
    union = 0
    for mask, unused in enumerate(_unused_dice(n)):  # every mask is final before any
        here = at[mask]                              # superset is visited
        if not here:
            continue
        union |= here
        if not unused:  # every die used: nothing spreads further
            continue
        spread = spreads.get(here)
        if spread is None:
            spread, rest = 0, here
            while rest:
                low = rest & -rest
                spread |= links[low.bit_length() - 1]
                rest ^= low
            if len(spreads) < _MAX_SPREADS:
                spreads[here] = spread
        for d, more in unused:
            at[more] |= spread & enter[d]
    answers = _spreads(board, "_movement_answers")  # bits -> the spaces' names
    found = answers.get(union)
    if found is None:
        out, rest = [], union
        while rest:
            low = rest & -rest
            out.append(names[low.bit_length() - 1])
            rest ^= low
        found = frozenset(out)
        if len(answers) < _MAX_SPREADS:
            answers[union] = found
    return found


@functools.lru_cache(maxsize=None)
def _unused_dice(n: int) -> tuple:
    """For each mask of ``n`` dice: (die, the mask with it) of each die it leaves unused."""
    return tuple(tuple((d, mask | 1 << d) for d in range(n) if not mask >> d & 1)
                 for mask in range(1 << n))


_MAX_SPREADS = 1 << 16


def _spreads(board: Board, name: str = "_movement_spreads") -> dict:
    """The board's memo of neighbour sets: a set of spaces (bits) -> the spaces next to
    any of them. Walks from the same spaces meet the same sets again and again. (With
    ``name="_movement_answers"``: a set of spaces (bits) -> their names, reachable's
    answers.)"""
    memo = getattr(board, name, None)
    if memo is None:
        memo = {}
        setattr(board, name, memo)
    return memo


def _tables(board: Board):
    """Bitset tables of a board: space index, names, neighbour bits, terrain -> space bits."""
    tables = getattr(board, "_movement_tables", None)
    if tables is None:
        names = sorted(board.spaces)
        index = {sid: i for i, sid in enumerate(names)}
        links = [sum(1 << index[nb] for nb in set(board.neighbours(sid))) for sid in names]
        terrain: dict[str, int] = {"town": 0}
        for sid in names:
            kind = board.terrain(sid)
            terrain[kind] = terrain.get(kind, 0) | 1 << index[sid]
        tables = (index, names, links, terrain)
        board._movement_tables = tables
    return tables


def find_path(board: Board, start: str, goal: str, rolled: Sequence[frozenset]):
    """A shortest path to ``goal`` and its dice: ``(spaces, dice)`` or None.

    ``spaces`` starts with ``start``; ``dice[i]`` is the die index used for step i.
    """
    board.space(start)
    board.space(goal)
    parent, found = _search(board, start, rolled, goal)
    if found is None:
        return None
    spaces, dice = [], []
    state = found
    while parent[state] is not None:
        prev, die = parent[state]
        spaces.append(state[0])
        dice.append(die)
        state = prev
    spaces.append(start)
    return tuple(reversed(spaces)), tuple(reversed(dice))


def assign_dice(board: Board, path: Sequence[str],
                rolled: Sequence[frozenset]) -> tuple[int, ...] | None:
    """Match the steps of ``path`` (start first) to distinct dice, for the log.

    Returns the die index of each step, or None when no matching exists (or the path is
    not a walk along the board's links). Bipartite matching by augmenting paths (Kuhn).
    """
    if not path:
        return None
    board.space(path[0])
    for a, b in zip(path, path[1:], strict=False):
        if b not in board.neighbours(a):
            return None
    steps = path[1:]
    if len(steps) > len(rolled):
        return None
    options = []
    for space in steps:
        terrain = board.terrain(space)
        options.append([i for i, face in enumerate(rolled)
                        if terrain == "town" or terrain in face])
    die_of_step: list[int | None] = [None] * len(steps)
    step_of_die: dict[int, int] = {}

    def augment(step: int, seen: set[int]) -> bool:
        for die in options[step]:
            if die in seen:
                continue
            seen.add(die)
            if die not in step_of_die or augment(step_of_die[die], seen):
                step_of_die[die] = step
                die_of_step[step] = die
                return True
        return False

    for step in range(len(steps)):
        if not augment(step, set()):
            return None
    return tuple(d for d in die_of_step if d is not None)
