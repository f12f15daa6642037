"""A Hero moved to a space of a terrain (issue 32, branch rbmove): "Move your Hero to an
adjacent plains space.", "... to any river space", "... to the nearest forest or hills space",
"... to any town", "... to an adjacent town".

The grant ``move_to_space`` (core/effects_rbmove.py) is applied here once the card text is
done, as family 4's ``move_to`` is (place.py): the spaces whose terrain is one of ``place``
(``town``: a town's space; a town closed to Heroes, Sceptre of Kyros, left out), other than the
Hero's own and of no terrain a rule bars ("Heroes cannot enter swamps"), that are ``reach``:
``adjacent`` (linked to the Hero's space), ``any`` (anywhere), ``nearest`` (the fewest steps
away of them). The player chooses among them (decision ``destination``, ``how``: the card);
with none the grant is logged unused. The Hero then enters the space ("Every time your Hero
enters ..." fires); the adjacent move is a step from where he was (an escape later leads back
there), the others put him there without a way back, as a move to a town does.
"""

from __future__ import annotations

from ..core.ir_lists import values
from .place import entered, unbarred


def destinations(game, hero, place, reach: str) -> list[str]:
    """The spaces ``hero`` may be moved to, sorted."""
    board = game.board
    at = game.state.positions[hero.id]
    wanted = set(values(place))
    closed = {board.town_space(t) for t in game.closed_towns() if t in board.towns}
    if reach == "adjacent":
        pool = set(board.neighbours(at))
    else:
        pool = set(board.spaces)
    pool.discard(at)
    fits = [sp for sp in pool if board.terrain(sp) in wanted and sp not in closed]
    fits = unbarred(game, hero, fits)
    if reach == "nearest" and fits:
        dist = board.distances_view(at)
        near = min(dist.get(sp, len(board.spaces) + 1) for sp in fits)
        fits = [sp for sp in fits if dist.get(sp, len(board.spaces) + 1) == near]
    return sorted(fits)


def move_to_space(game, grant: dict) -> None:
    hero = game.hero(grant["hero"])
    at = game.state.positions.get(hero.id)
    if at is None:
        game.emit("grant_unused", **grant, reason="the Hero is not on the board")
        return
    spaces = destinations(game, hero, grant["place"], grant["reach"])
    if not spaces:
        game.emit("grant_unused", **grant, reason="no such space to move to")
        return
    dest = spaces[0] if len(spaces) == 1 else game.ask(hero.id, "destination", spaces,
                                                        how=grant["source"], at=at)
    if grant["reach"] == "adjacent":
        game.state.previous[hero.id] = at
    else:
        game.state.previous.pop(hero.id, None)
    game.state.positions[hero.id] = dest
    game.emit("moved", hero=hero.id, to=dest, why=grant["source"])
    entered(game, hero, dest)


GRANTS = {"move_to_space": move_to_space}
