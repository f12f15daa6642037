"""Lowering of the combat family (issue 21, family 7) to the effect IR; registered on
:func:`runeforge.lower.effect` (docs/effect-ir.md, docs/language.md "Family 7: combat")."""

from __future__ import annotations

from . import lower
from .dsl import nodes as n

# "Your attacks inflict 1 additional wound." is a standing rule, like a modifier.
lower.STATIC_CLAUSES = lower.STATIC_CLAUSES + n.COMBAT_STANDING


@lower.effect.register
def _(node: n.ExtraWounds) -> list[dict]:
    return [{"op": "extra_wounds", "phase": node.phase, "value": node.value}]


@lower.effect.register
def _(node: n.InflictAdditional) -> list[dict]:
    return [{"op": "inflict_additional", "amount": lower.amount(node.amount),
             "target": node.target}]
