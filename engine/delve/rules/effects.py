"""The effects of Delve's dialect v2 (issue 32) as rules: who a selector picks, pushes and
pulls, wounds dealt by an effect, lasting effects (bonuses, a prevented wound) and when they
expire. The game loop (``game/heroes.py``) asks the player's choices; these are the pure
rules on the board.

* **Selectors.** ``side`` adversary or hero; ``one``/``another`` pick one, ``up_to`` N pick
  up to N, ``each``/``each_other`` take all; ``another``/``each_other`` leave out the hero
  itself, ``each hero`` includes it. Filters: ``adjacent`` (R12 with A4, as a combat
  attack's reach), ``adjacent_target`` (to the attack's target), ``within`` N spaces of the
  hero (steps on an empty board: Chebyshev distance, the project's reading), in this
  ``chamber``, ``visible`` (R20 sight).
* **Push/pull** (the project's own rule): each figure takes up to N single steps (R12, A4),
  each to a free cell strictly farther from (push) or nearer to (pull) the hero, the farthest
  (nearest) first, ties by lowest (y, x); it stops when no step qualifies.
* **Lasting effects** (``until``, ``constant``): ``boost`` adds to attack rolls (a natural
  roll still decides ``if you rolled a 6``), to Damage, or to the hero's Move; ``ward``
  prevents the next wound the hero would suffer. ``end_of_turn`` expires when the hero's turn
  ends, ``next_turn`` when its next turn starts, ``end_of_round`` when the round ends.
"""

from __future__ import annotations

from itertools import combinations

from ..board.board import Board
from ..board.sight import sees
from .attacks import Figure


def distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def candidates(board: Board, hero: Figure, sel: dict, figures, target: Figure | None = None,
               picked=()) -> list[Figure]:
    """The figures ``sel`` may pick, before the choice of how many (in figure order)."""
    q = sel["quantity"]
    if q == "self":
        return [hero]
    if q == "target":
        return [target] if target is not None and target in figures else []
    if q == "them":
        return [f for f in picked if f in figures]
    side = sel.get("side", "adversary")
    out = [f for f in figures if f.side == side and not f.slain]
    if q in ("another", "each_other"):
        out = [f for f in out if f is not hero]
    room = board.owner.get(hero.cell)
    for flt in sel.get("filters", []):
        k = flt["kind"]
        if k == "adjacent":
            out = [f for f in out if f is not hero and board.adjacent(hero.cell, f.cell)]
        elif k == "adjacent_target":
            out = [f for f in out if target is not None and f is not target
                   and board.adjacent(target.cell, f.cell)]
        elif k == "within":
            out = [f for f in out if distance(hero.cell, f.cell) <= flt["n"]]
        elif k == "chamber":
            out = [f for f in out if board.owner.get(f.cell) == room]
        elif k == "visible":
            out = [f for f in out if f is hero or sees(board, hero.cell, f.cell)]
    return out


def choices(sel: dict, found: list[Figure]) -> list[list[str]]:
    """The legal picks (lists of figure ids) among ``found``: one set for each/them/self."""
    q = sel["quantity"]
    ids = [f.id for f in found]
    if not ids:
        return []
    if q in ("one", "another", "target"):
        return [[i] for i in ids]
    if q == "up_to":
        k = min(sel.get("count", 1), len(ids))
        return [list(c) for c in combinations(ids, k)]
    return [ids]


def shift(board: Board, hero: Figure, figure: Figure, spaces: int, towards: bool,
          occupied) -> list:
    """Push (away) or pull (towards) ``figure`` up to ``spaces`` steps; returns its path."""
    path = []
    for _ in range(spaces):
        here = distance(hero.cell, figure.cell)
        options = [c for c in board.steps(figure.cell, occupied)
                   if (distance(hero.cell, c) < here if towards else distance(hero.cell, c) > here)
                   and c != hero.cell]
        if not options:
            break
        key = (lambda c: (distance(hero.cell, c), c[1], c[0])) if towards else \
            (lambda c: (-distance(hero.cell, c), c[1], c[0]))
        occupied = (set(occupied) - {figure.cell})
        figure.cell = min(options, key=key)
        occupied.add(figure.cell)
        path.append(list(figure.cell))
    return path


def lasting_bonus(lasting, hero_id: str, stat: str, rng: str | None) -> int:
    """The sum of the hero's ``boost`` effects for ``stat`` (and the attack's range)."""
    return sum(e["amount"] for e in lasting if e["hero"] == hero_id and e["op"] == "boost"
               and e["stat"] == stat and (e.get("range") is None or e.get("range") == rng))


def expire(lasting: list, hero_id: str | None, when: str) -> list:
    """``lasting`` without the effects that end now (``when``: a duration name)."""
    return [e for e in lasting if not (e["until"] == when and (hero_id is None
                                                               or e["hero"] == hero_id))]
