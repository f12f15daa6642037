"""Canonical English of the combat family's clauses (registered on printer.text)."""

from __future__ import annotations

from . import nodes as n
from .printer import TARGETS, noun, text


@text.register
def _(node: n.ExtraWounds) -> str:
    whose = f"your {node.phase} attacks" if node.phase else "your attacks"
    wounds = "additional wound" if node.value == 1 else "additional wounds"
    return f"{whose} inflict {node.value} {wounds}"


@text.register
def _(node: n.InflictAdditional) -> str:
    return (f"inflict {noun(node.amount, 'additional wound', 'additional wounds')} on "
            f"{TARGETS[node.target]}")
