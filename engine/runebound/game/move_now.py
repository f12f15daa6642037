"""A move granted after the movement step (issue 32, branch runs, "what compiles runs"):
"Take 2 wounds. Then you may move 3 spaces." on an encounter (drawn in the adventure step),
"After combat, move 1 space." The movement step applies the moves granted before it (the
start of the turn, before moving); one granted after it was kept for a step that had passed
and dropped at the next turn. It moves the Hero now: up to its number of spaces, as a move
granted to the movement step does, the player choosing the space."""

from __future__ import annotations


def move_now(game, grant: dict) -> None:
    hero = game.hero(grant["hero"])
    start = game.state.positions.get(hero.id)
    if start is None:
        return
    from .place import unbarred

    dist = game.board.distances_from(start)
    reach = sorted(unbarred(game, hero, (sp for sp, d in dist.items()
                                         if d <= grant["amount"])))
    if not reach:
        game.emit("grant_unused", **grant, reason="no space to move to")
        return
    dest = game.ask(hero.id, "destination", reach, how=grant["source"], at=start)
    game.move_hero(hero, dest, game._step_back(start, dest))


__all__ = ["move_now"]
