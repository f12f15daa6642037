"""Lowering of branch rbsubj (issue 32): a trigger said of the Hero whose act set it off
("Whenever a Hero defeats a challenge, that Hero gains 1 gold.") carries ``runs_for: actor`` on
its event (``other_act`` / ``hero_act``): the engine runs its effect for that Hero."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser_rbsubj import actor_effect


def register(effect) -> None:
    before = effect.dispatch(n.Trigger)

    @effect.register
    def _(node: n.Trigger) -> list[dict]:
        out = before(node)
        if actor_effect(node):
            out[0] = {**out[0], "event": {**out[0]["event"], "runs_for": "actor"}}
        return out
