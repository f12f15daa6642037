"""An amount counted per figure (issue 32, branch delve12): ``heal``, ``renown`` and ``suffer``
with ``for_each`` ("Gain 1 renown for each adversary adjacent to you.").

The amount is multiplied by the number of figures the ``for_each`` selector picks when the
effect happens (counted from the ability's figure, with the effect's context: "it", the
target); with none the effect does nothing. :func:`counted` wraps an op of ops.OPS."""

from __future__ import annotations

from ..rules import effects as fx

AMOUNT = {"heal": "wounds", "renown": "amount", "suffer": "wounds"}


def count(game, owner, sel: dict, ctx: dict) -> int:
    s = game.state
    return len(fx.candidates(s.board, owner, sel, s.figures, ctx))


def counted(op):
    """``op`` run with its amount times the count of its ``for_each`` figures."""

    def run(game, owner, name, e, turn, ctx, choice):
        sel = e.get("for_each")
        if sel is None:
            return op(game, owner, name, e, turn, ctx, choice)
        times = count(game, owner, sel, ctx)
        if times == 0:
            return {"op": e["op"], "for_each": 0}
        key = AMOUNT[e["op"]]
        inner = {k: v for k, v in e.items() if k != "for_each"}
        inner[key] = e[key] * times
        return {**op(game, owner, name, inner, turn, ctx, choice), "for_each": times}

    return run
