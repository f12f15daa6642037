"""A hero's state as a condition (issue 32, part III, branch dhero): the IR ``if`` with cond
``pinned`` ("While you are pinned, …"), ``not_pinned`` ("If you are not pinned, …") or
``unwounded`` ("As long as you have no wounds, …"), ``moved`` / ``not_moved`` ("If you have
not moved this round, …": the hero left its cell since the round began), on the figure ``who`` picks (the first of
them; none: the rule's own figure). A rule under it holds while the state does
(traits._board_holds) and a rider runs when it holds (ops.met).

Pinned is what the game says for the hero's Move (A5: next to an adversary, or pinned by an
adversary's rule, and not by its own rule "You are never pinned"); only a hero is ever pinned.
A rule under "while you are pinned" that itself changes the pin is read without itself (the
question is asked once at a time: no loop)."""

from __future__ import annotations

from ..rules import effects as fx

_ASKING: set = set()   # (game, hero) whose pin is being read now


def _pinned(game, figure) -> bool:
    if figure.side != "hero":
        return False
    key = (id(game), figure.id)
    if key in _ASKING:
        return False
    _ASKING.add(key)
    try:
        return bool(game.pinned(figure))
    finally:
        _ASKING.discard(key)


CONDS = {
    "pinned": _pinned,
    "not_pinned": lambda game, f: f.side == "hero" and not _pinned(game, f),
    "unwounded": lambda game, f: f.wounds == 0,
    "moved": lambda game, f: bool(fx.held(game.state.lasting, f.id, "moved")),
    "not_moved": lambda game, f: not fx.held(game.state.lasting, f.id, "moved"),
}


def moved(game, figure, before) -> None:
    """Mark a hero that left its cell this round (its Move, an ability's move, a push or a
    pull: every move of a hero ends in events.approached): a lasting ``moved`` entry until the
    end of the round, read by ``moved`` / ``not_moved``."""
    s = game.state
    if figure.side == "hero" and figure.cell != before \
            and not fx.held(s.lasting, figure.id, "moved"):
        s.lasting.append({"hero": figure.id, "op": "moved", "until": "end_of_round"})


def holds(game, owner, e: dict, ctx: dict | None = None) -> bool:
    """Whether the state ``e["cond"]`` holds now for its figure."""
    s = game.state
    who = fx.candidates(s.board, owner, e["who"], s.figures, ctx or {}) if e.get("who") \
        else [owner]
    return bool(who) and CONDS[e["cond"]](game, who[0])
