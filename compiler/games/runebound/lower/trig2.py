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


def install(effect) -> None:
    """The lowering's ``effect``, taught "<effect> unless <condition>": the state's ``if_state``
    with nothing when the condition holds and the effect otherwise (``else``)."""
    from .branching import condition as lower_condition

    @effect.register
    def _(node: n.Unless) -> list:
        return [{"op": "if_state", "condition": lower_condition(node.condition), "effects": [],
                 "else": effect(node.effect)}]
