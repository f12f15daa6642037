"""Canonical English of branch rbmod (parser_rbmod.py), registered on
:func:`runeforge.dsl.runebound.printer.text` by :func:`install` (printer.py calls it).

A gain of gold counted "for each" after another gain of gold is said with "plus": "gain 2 gold,
plus 1 gold for each trophy you have" (said with "and gain", a "for each" at the end of the
phrase would count both gains). A bonus said "instead" is printed in full with "instead" after it:
"While your enemy is a green challenge, you receive +3 to ranged combat rolls instead."
"""

from __future__ import annotations

from . import nodes as n
from .nodes_rbmod import InsteadModifier
from .printer_core import COUNTED, most


def _plus(before, node) -> bool:
    return isinstance(before, n.GainGold) and isinstance(node, n.ForEach) \
        and isinstance(node.effect, n.GainGold)


def install(text, amount) -> None:
    joined, modifier = text.dispatch(n.And), text.dispatch(n.Modifier)

    @text.register
    def _(node: InsteadModifier) -> str:  # "you receive +3 to ranged combat rolls instead"
        return f"{modifier(node)} instead"

    @text.register
    def _(node: n.And) -> str:
        items = node.items
        if not any(_plus(a, b) for a, b in zip(items, items[1:], strict=False)):
            return joined(node)
        out = text(items[0])
        for before, item in zip(items, items[1:], strict=False):
            if _plus(before, item):
                out += (f", plus {amount(item.effect.amount)} gold for each "
                        f"{COUNTED[item.per][0]} you have{most(item)}")
            else:
                out += f" and {text(item)}"
        return out


__all__ = ["install"]
