"""Lowering of a trigger's clause said of its subject (issue 32, branch rbtrig): the events
``you attack and fail`` (IR event kind ``attack_result``, ``who`` hero or this_ally,
``success``) and ``this Ally is discarded`` (``ally_discarded``). The other clauses of the
branch lower to the nodes of forms that were there before (their variants)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.AttackResult):
            out = {"kind": "attack_result", "who": e.who, "success": e.success}
            return {**out, "phase": e.phase} if e.phase else out  # branch rbattack2
        if isinstance(e, n.AllyDiscarded):
            return {"kind": "ally_discarded"}
        return inner(e)

    return event
