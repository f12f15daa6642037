"""Localised text of branch rbmodi (issue 32): a condition after "<costs> to".

A count over a duration said of each Hero is said with the duration first, as the printer says
it. "Activate to receive +1 Body until the end of this combat if your enemy is a red challenge.": the
effect after the costs says its condition after it, as the canonical English prints it (the
parser reads it there; before the effect, "Activate to if ..., ..." reads as no language does).
``effect.if_after`` ("{effect} if {condition}") says it so in every locale. Installed by
:func:`install` at the end of render.py; this module does not import render.py.
"""

from __future__ import annotations

from dataclasses import replace

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_rbmodi import lifted

TEMPLATES = {"effect.if_after": "{effect} if {condition}"}  # a condition after the costs' effect


def install(renderer_cls) -> None:
    plain = renderer_cls._ifstate

    def _ifstate(self, node: n.IfState, mood: str) -> str:
        if mood != "purp" or node.otherwise is not None:
            return plain(self, node, mood)
        return self.t("effect.if_after", effect=self.effect(node.effect, mood),
                      condition=self.condition(node.condition))

    renderer_cls._ifstate = _ifstate
    each = renderer_cls._each

    def _each(self, node: n.Each, mood: str) -> str:
        """"Until ..., each Hero receives +1 Body for each Ally they have.": counts over a
        duration said of each Hero, the duration first (as the printer says it)."""
        lift = lifted(node.effect)
        if lift is None:
            return each(self, node, mood)
        return self.effect(n.During(lift[0], replace(node, effect=lift[1]), span=node.span), mood)

    renderer_cls._each = _each
