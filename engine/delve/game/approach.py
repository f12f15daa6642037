"""A move with no number (issue 32, session delve9): the figure goes as far as its Move
allows towards someone (stopping next to them) or away from them; said for a while of
adversaries, it is their course in the adversary phase (a ``lure``).

How a figure goes is the adversary phase's own advance (:mod:`.adversaries`): the reachable
cell (other figures block) nearest to the figure by the board's shortest paths, fewest steps
first, then the lowest row and column; away from someone, the farthest such cell. Its Move is
its card's with its bonuses (a hero's ``add 1 to your Move``, an adversary's "moves 2
additional spaces"); a figure held in place (``root``) stays."""

from __future__ import annotations

from ..rules import effects as fx
from . import events, passage_dmove, traits  # passage_dmove: branch dmove
from .choose import pick
from .paths import distances

FAR = 10 ** 6


def allowance(game, figure) -> int:
    """The figure's Move now."""
    if figure.side == "hero":
        return game.move_value(figure)
    record = game.records.adversaries[game.state.kinds[figure.id]]
    return record["move"] + traits.extra_move(game, figure)


def goal(game, figure, ref, towards: bool, moves: int) -> tuple:
    """Where ``figure`` ends a move of up to ``moves`` steps towards or away from ``ref``."""
    s = game.state
    occupied = game.occupied(figure)
    reach = passage_dmove.reach(game, figure, moves)   # branch dmove: through figures
    near = distances(s.board, [ref.cell], occupied - {ref.cell})
    if towards:
        return min(reach, key=lambda c: (near.get(c, FAR), reach[c], c[1], c[0]))
    return min(reach, key=lambda c: (-near.get(c, FAR), reach[c], c[1], c[0]))


def go(game, figure, ref, towards: bool, apply) -> list:
    """Move ``figure`` as far as its Move allows; its path (empty: it stayed)."""
    s = game.state
    if figure is ref or traits.rooted(game, figure):
        return []
    if towards and s.board.adjacent(figure.cell, ref.cell):
        return []
    cell = goal(game, figure, ref, towards, allowance(game, figure))
    if cell == figure.cell:
        return []
    path = passage_dmove.path(game, figure, cell) or []   # branch dmove
    before, figure.cell = figure.cell, cell
    if figure.side == "adversary":          # "an adversary moves adjacent to you" (delve7)
        events.approached(game, figure, before, apply)
    return [list(c) for c in path]


def _ref(game, owner, e: dict, ctx: dict):
    if e.get("from") is None:
        return owner
    s = game.state
    refs = fx.candidates(s.board, owner, e["from"], s.figures, ctx)
    return refs[0] if refs else None


def run(game, owner, e: dict, ctx: dict, choice, apply) -> dict:
    """The ``approach`` op: each picked figure goes as far as its Move allows."""
    ref = _ref(game, owner, e, ctx)
    if ref is None:
        return {"op": "approach", "moved": {}}
    towards = e["direction"] == "towards"
    moved = {}
    for f in pick(game, owner, e["targets"], ctx, choice):
        if f in game.state.figures:
            moved[f.id] = go(game, f, ref, towards, apply)
    if e["targets"]["quantity"] == "self" and ref is not owner:   # the figure it went to is
        ctx["picked"] = [ref]     # the one named last: "…, then attacks it" (branch dfix)
    return {"op": "approach", "moved": moved}


def lasting(game, owner, e: dict, until: str, ctx: dict) -> list[dict]:
    """The lasting entries of an approach under a duration: each adversary's course, with
    the figure it keeps to (``ref``), fixed when it is said."""
    ref = _ref(game, owner, e, ctx)
    if ref is None:
        return []
    return [{"hero": owner.id, "op": "approach", "until": until, "figure": f.id,
             "ref": ref.id, "direction": e["direction"]}
            for f in pick(game, owner, e["targets"], ctx) if f is not ref]


def follow(game, figure, apply) -> bool:
    """An adversary held to a course in the adversary phase moves on it (the last one said
    wins); False when none holds it (its behaviour moves it)."""
    s = game.state
    for entry in reversed(fx.held(s.lasting, figure.id, "approach")):
        ref = s.figure(entry["ref"])
        if ref is None or ref not in s.figures:
            continue                      # the figure it kept to is gone: its own way
        path = go(game, figure, ref, entry["direction"] == "towards", apply)
        if path:
            game.log.emit("adversary_move", adversary=figure.id, path=path)
        return True
    return False


def can_start(game, hero, e: dict) -> bool:
    """An ability that starts with this move is offered only when someone would move."""
    s = game.state
    ref = _ref(game, hero, e, {})
    if ref is None:
        return False
    if e["targets"].get("quantity") != "self":
        return bool(fx.candidates(s.board, hero, e["targets"], s.figures))
    if traits.rooted(game, hero) or e["direction"] == "towards" and \
            s.board.adjacent(hero.cell, ref.cell):
        return False
    towards = e["direction"] == "towards"
    return goal(game, hero, ref, towards, allowance(game, hero)) != hero.cell
