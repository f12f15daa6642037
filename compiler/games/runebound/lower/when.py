"""Lowering of the triggers on a test (issue 32, session when): the event ``you test Mind``
(IR event kind ``test``) and "add N to the result" (op ``test_bonus``)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def install(effect, amount) -> None:
    @effect.register
    def _(node: n.TestBonus) -> list[dict]:
        return [{"op": "test_bonus", "amount": amount(node.amount)}]


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.SkillTested):
            return {"kind": "test", "attribute": e.attribute, "skill": e.skill}
        if isinstance(e, n.AllyLost):
            return {"kind": "ally_lost"}
        if isinstance(e, n.HeroDefeated):
            return {"kind": "defeat_hero"}
        return inner(e)

    return event
