"""Moves that pass through other figures (issue 32, branch dmove).

Figures block every move (A4). Two things in a card's text let a figure's move go through
the spaces of others, never ending in one (a move always ends in an empty space):

* a move effect with a rider (IR ``move`` with ``through``): "Move up to 3 spaces, even
  through spaces occupied by adversaries." — that move only;
* a rule of the figure's own card (IR ``pass_through``, a ``constant`` ability): "You may
  move through other figures.", "This adversary moves through heroes." — every move the
  figure makes itself: a hero's Move action, its abilities' moves and a free Move action,
  an adversary's move in the adversary phase and its "moves towards …".

Which figures each word lets a move pass is the rule record :data:`PASSABLE` (data, not a
branch per word). A push or a pull is not the figure's own move: it never passes anyone.
Walls and wall corners still block (A4), and obstructions never did (they block sight)."""

from __future__ import annotations

from ..rules import effects as fx
from . import traits
from .paths import path_to

# the rule record: the word of ``through`` -> the sides whose figures a move may pass
PASSABLE = {"figures": ("hero", "adversary"), "heroes": ("hero",),
            "adversaries": ("adversary",)}


def sides(game, mover, through: str | None = None, rules=None) -> frozenset:
    """The sides whose figures ``mover``'s move passes: the effect's own ``through`` and the
    ``pass_through`` rules of its card (``rules``: its rules, when the caller has them)."""
    rules = traits.rules_of(game, mover) if rules is None else rules
    words = [through] if through else []
    words += [e["through"] for e in rules if e["op"] == "pass_through"]
    return frozenset(side for w in words for side in PASSABLE.get(w, ()))


def blocking(game, mover, through: str | None = None) -> set:
    """The cells that block ``mover``'s steps (the figures it may not pass, and the spaces
    its own rule keeps it out of)."""
    rules = traits.rules_of(game, mover)   # once: a move asks this at every decision
    passing = sides(game, mover, through, rules)
    return {f.cell for f in game.state.figures if f is not mover and f.side not in passing} \
        | kept_out(game, mover, rules)


def kept_out(game, mover, rules=None) -> set:
    """The spaces ``mover``'s own ``keep_away`` rules bar to its moves ("It never moves
    adjacent to a hero.", branch dmove): those adjacent to a figure the rule picks, less the
    space it stands on."""
    s, out = game.state, set()
    for e in traits.rules_of(game, mover) if rules is None else rules:
        if e["op"] == "keep_away":
            for f in fx.candidates(s.board, mover, e["from"], s.figures):
                out.update(c for c in s.board.steps(f.cell) if c != mover.cell)
    return out


def reach(game, mover, up_to: int, through: str | None = None) -> dict:
    """Every empty cell ``mover`` may end on in at most ``up_to`` steps, with its fewest
    steps (the start with 0): it passes the figures its move may pass, ends on none."""
    occupied = game.occupied(mover)
    cells = game.state.board.reach(mover.cell, up_to, blocking(game, mover, through))
    return {c: d for c, d in cells.items() if c not in occupied}


def path(game, mover, goal, through: str | None = None):
    """A shortest path of ``mover`` to ``goal`` through what it may pass (cells after the
    start), or None."""
    return path_to(game.state.board, mover.cell, goal, blocking(game, mover, through))


def in_the_way(game, mover, through: str | None = None) -> list:
    """The figures that block ``mover``'s steps (for the rules' path checks): the others
    less those it may pass."""
    passing = sides(game, mover, through)
    return [f for f in game.state.figures if f is mover or f.side not in passing]
