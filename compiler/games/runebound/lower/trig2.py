"""Lowering of more event verbs of a trigger's clause (issue 32, branch rbtrig2): ``you
escape`` (IR event kind ``escaped``) and ``you fail a Spirit test`` (``test_result``, with
``attribute``, ``skill`` and ``success``)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.Escaped):
            return {"kind": "escaped"}
        if isinstance(e, n.TestResult):
            return {"kind": "test_result", "attribute": e.attribute, "skill": e.skill,
                    "success": e.success}
        return inner(e)

    return event
