"""The hero actions as primitives (R6-R16, A3-A5): each pays its cost from the hero's turn
(:class:`~.costs.HeroTurn`), does its work, and finishes before the next may start (R3).

A refusal raised before paying leaves the turn untouched, so a player may choose again.
"""

from __future__ import annotations

from runeforge.engine.common.errors import IllegalAction

from ..board.board import Board
from ..board.placement import explore as place_chamber
from ..board.tiles import Tile
from .attacks import Figure, Weapon, attack, check_choice, targets
from .costs import HeroTurn
from .data import RulesData


def is_pinned(board: Board, hero: Figure, figures) -> bool:
    """R13: the hero stands next to an adversary (as it starts its move)."""
    return any(f.side != hero.side and not f.slain and board.adjacent(hero.cell, f.cell)
               for f in figures)


def check_path(board: Board, hero: Figure, path, figures, up_to: int, what: str) -> list:
    """``path`` (cells after the start) as tuples, once it is 1 to ``up_to`` steps, each to a
    free neighbour past no wall or wall corner (R11, R12, A4); ``what`` names the move in the
    refusal ("a Move", "this move")."""
    path = [tuple(c) for c in path]
    if not path or len(path) > up_to:
        raise IllegalAction(f"R11: {what} goes 1 to {up_to} spaces, not {len(path)}")
    occupied = {f.cell for f in figures if f is not hero and not f.slain}
    if not board.path_ok([hero.cell, *path], occupied):
        raise IllegalAction(f"R12/A4: the path {[list(c) for c in path]} leaves the adjacent "
                            "spaces, crosses a wall or a wall corner, or enters a figure's space")
    return path


def move(turn: HeroTurn, board: Board, hero: Figure, die: int, path, figures,
         move_value: int, rules: RulesData, pinned: bool | None = None) -> None:
    """R6, R11, R12, A4, A5: Move (1+), or (2+) when pinned, along ``path`` (cells after the
    start), at most ``move_value`` steps, each to a free neighbour past no wall."""
    path = check_path(board, hero, path, figures, move_value, "a Move")
    if pinned is None:   # the game passes what its rules say (issue 32, session delveg)
        pinned = is_pinned(board, hero, figures)
    cost = turn.move_cost(rules, pinned)
    turn.begin("Move (pinned, A5)" if pinned else "Move", cost, die, rules)
    hero.cell = path[-1]
    turn.finish()


def recuperate(turn: HeroTurn, hero: Figure, die: int, rules: RulesData) -> int:
    """R14, A3: heal wounds at the escalating cost; an unwounded hero cannot Recuperate."""
    if hero.wounds == 0:
        raise IllegalAction(f"A3: {hero.id} is not wounded, so it cannot Recuperate")
    turn.begin("Recuperate", turn.recuperate_cost(rules), die, rules)
    healed = min(rules.heal_per_recuperate, hero.wounds)
    hero.wounds -= healed
    turn.finish()
    return healed


def explore(turn: HeroTurn, board: Board, hero: Figure, die: int, tile: Tile | None,
            rules: RulesData, exit_id: str | None = None, portals: frozenset | None = None):
    """R6, R9, R10a, A6: Explore (1+) next to an unexplored exit; ``tile`` is the top card's
    chamber (None: the deck is empty and Explore is not possible), ``exit_id`` the exit the
    card says must join and ``portals`` the exits that carry a portal (None: any, all)."""
    if tile is None:
        raise IllegalAction("A6: the exploration deck is empty, so Explore is not possible")
    if not board.exits_next_to(hero.cell):
        raise IllegalAction(f"R9: a hero explores only next to an unexplored exit; "
                            f"{hero.id} at {list(hero.cell)} is next to none")
    turn.begin("Explore", rules.explore, die, rules)
    try:
        chamber = place_chamber(board, hero.cell, tile, exit_id, portals)
    finally:
        turn.finish()
    return chamber


def weapon_action(turn: HeroTurn, board: Board, hero: Figure, weapon: Weapon, die: int,
                  chosen, figures, dice, rules: RulesData) -> list[dict]:
    """R15-R19, R21: pay the weapon's cost, then attack (targets are checked first)."""
    if not targets(board, hero, weapon, figures):
        raise IllegalAction(f"R16: {weapon.name} ({weapon.range}) has no target from "
                            f"{list(hero.cell)}")
    check_choice(board, hero, weapon, list(chosen), figures)
    turn.begin(weapon.name, weapon.cost, die, rules)
    try:
        return attack(board, hero, weapon, chosen, figures, dice, rules)
    finally:
        turn.finish()
