"""Lowering of branch rbdamage's rule (how an attack's wounds are counted) to the effect IR
``damage_rule`` (engine core/damage_rbdamage.py), registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of
lower/__init__.py; this module does not import it). A standing rule: the class is one of
``nodes.COMBAT_STANDING``; "this challenge" becomes "enemy" with the rest of a challenge's
text (lower/core.this_challenge)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def register(effect) -> None:
    @effect.register
    def _(node: n.DamageRule) -> list[dict]:
        out = {"op": "damage_rule", "mode": node.mode, "value": node.value,
               "target": node.subject, "side": node.side, "phase": node.phase}
        if node.colours:
            out["colours"] = list(node.colours)
        if node.roll:
            out["roll"] = node.roll
        if node.margin is not None:
            out["margin"] = node.margin
        return [out]
