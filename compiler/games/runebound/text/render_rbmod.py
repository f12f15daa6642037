"""Localised text of branch rbmod (modifiers, amounts and comparatives): Renderer methods
installed by :func:`install` (called at the end of render.py; this module does not import
render.py).

A gain of gold counted "for each" after another gain of gold is ``effect.plus.<countable>``
("{effect}, plus {gold} for each Ally you have"), as the canonical English prints it; a bonus
said instead of an earlier one is ``effect.instead`` ("{effect} instead").
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .render_core import _most

_COUNTED = {"wound": "wound", "exhaustion": "exhaustion", "gold": "gold", "item": "Item",
            "ally": "Ally", "trophy": "trophy"}

TEMPLATES = {f"effect.plus.{k}": f"{{effect}}, plus {{gold}} for each {sg} you have"
             for k, sg in _COUNTED.items()}
TEMPLATES["effect.instead"] = "{effect} instead"  # a bonus said instead of an earlier one


def _plus(before, node) -> bool:
    return isinstance(before, n.GainGold) and isinstance(node, n.ForEach) \
        and isinstance(node.effect, n.GainGold)


def pairs_joined(joined, is_pair, key):
    """An ``And``'s printer that says each pair ``is_pair(a, b)`` as one phrase (template
    ``key(b)`` with ``a`` as its effect and ``b``'s gold), the rest as ``joined`` says them:
    "gain 3 gold, plus 1 gold for each ..." here and in render_rbsix2.py."""

    def _and(self, node: n.And, mood: str) -> str:
        items = node.items
        if not any(is_pair(a, b) for a, b in zip(items, items[1:], strict=False)):
            return joined(self, node, mood)
        parts, i = [], 0
        while i < len(items):
            item = items[i]
            if i + 1 < len(items) and is_pair(item, items[i + 1]):
                more = items[i + 1]
                said = self.t(key(more), effect=self.effect(item, mood),
                              gold=self.qty(more.effect.amount, "gold"))
                parts.append(_most(self, more, said))
                i += 2
            else:
                parts.append(self.effect(item, mood))
                i += 1
        return self.join(parts)

    return _and


def install(renderer_cls) -> None:
    renderer_cls._and = pairs_joined(renderer_cls._and, _plus, lambda more: f"effect.plus.{more.per}")

    def _insteadmodifier(self, node, mood: str) -> str:
        return self.t("effect.instead", effect=self._modifier(node, mood))

    renderer_cls._insteadmodifier = _insteadmodifier
