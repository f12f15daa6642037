"""Lowering of branch rbmod (modifiers, amounts and comparatives).

A bonus said "instead" of an earlier one (InsteadModifier, under its condition) is the bonus it
adds to that one: "+1 to your ranged attacks. Against green challenges, +3 instead." lowers to
modify +1 and, while the enemy is green, modify +2 (the engine sums a stat's modifiers).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_rbmod import InsteadModifier


def register(effect) -> None:
    @effect.register
    def _(node: InsteadModifier) -> list[dict]:
        return effect(n.Modifier(node.subject, node.stat, node.value - node.replaced,
                                 span=node.span))
