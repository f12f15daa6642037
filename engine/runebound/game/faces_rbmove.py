"""A movement die's face (issue 32, branch rbmove): "Treat one of your movement dice as showing a
river symbol." / "... any symbol" (IR ``die_face``).

Each rule in force for the Hero (its cards' always-on rules, the event in play's, durations it
owns: where family 4's movement rules are read, place.with_terrain_rules) lets one die of each
movement roll show its symbol too (``any``: every terrain). Which die is the player's choice;
it is made as he chooses where to go: :func:`variants` lists the roll as each choice makes it
(one die per rule, distinct dice), the step offers every space some choice reaches, and
:func:`used` is the first choice that reaches the space chosen (the roll kept for the path).
With no rule the roll is the only variant: the step is as before.
"""

from __future__ import annotations

from itertools import permutations

from .movement import TERRAINS, reachable
from .place import barred_terrains


def rules(game, hero) -> list[str]:
    """The symbols of the die_face rules in force for ``hero``, sorted."""
    found = []
    for owner, card in game.combat._standing_cards():
        if owner is hero:
            found += [e.symbol for ab in card.abilities if ab.standing for e in ab.effects
                      if e.op == "die_face"]
    for active in game.state.effects:
        if active.owner == hero.id:
            found += [r["symbol"] for r in active.effects if r["op"] == "die_face"]
    return sorted(found)


def variants(game, hero, rolled: tuple) -> list[tuple]:
    symbols = rules(game, hero)
    if not symbols or not rolled:
        return [rolled]
    barred = barred_terrains(game)  # "Heroes cannot enter swamps." holds for these faces too
    out = []
    for dice in permutations(range(len(rolled)), min(len(symbols), len(rolled))):
        faces = list(rolled)
        for die, symbol in zip(dice, symbols, strict=False):
            extra = set(TERRAINS) if symbol == "any" else {symbol}
            faces[die] = frozenset(faces[die] | (extra - barred))
        variant = tuple(faces)
        if variant not in out:
            out.append(variant)
    game.emit("die_face", hero=hero.id, symbols=symbols)
    return out


def reach(game, start: str, options: list[tuple]) -> list[str]:
    """Every space some variant of the roll reaches, sorted."""
    found: set = set()
    for rolled in options:
        found |= reachable(game.board, start, rolled)
    return sorted(found)


def used(game, start: str, dest: str, options: list[tuple]) -> tuple:
    """The first variant that reaches ``dest`` (the roll the move is made with)."""
    return next((r for r in options if dest in reachable(game.board, start, r)), options[0])
