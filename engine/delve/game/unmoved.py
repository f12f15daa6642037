"""A rider on the push or pull before it (issue 32, session delve10; IR ``if`` with cond
``unpushed`` / ``unpulled``): "If it cannot be pushed, it suffers 1 wound instead." The push
records the figures it left where they were (``ctx["stayed"]``, ops._shift); the rider's
effects act on those still on the board, as "it" / "them", and do nothing when every figure
moved."""

from __future__ import annotations


def run_if(game, owner, name, e: dict, turn, ctx: dict, apply) -> dict:
    s = game.state
    stayed = [f for f in (s.figure(fid) for fid in ctx.get("stayed", ())) if f is not None]
    if not stayed:
        return {"op": "if", "met": False}
    done = apply(game, owner, name, e["effects"], None, turn, {**ctx, "picked": stayed})
    return {"op": "if", "met": True, "effects": done}
