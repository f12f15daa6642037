"""Localised rules text of branch rbwound's forms (issue 32, part III): the first wounds of
each combat (round) cancelled. A Renderer method installed by :func:`install` (called at the
end of render.py; this module does not import render.py); the templates join
templates.OTHER."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

TEMPLATES = {
    "effect.cancel_first.one": "cancel the first wound inflicted on {target} in each combat",
    "effect.cancel_first.one.round": "cancel the first wound inflicted on {target} in each "
                                     "combat round",
    "effect.cancel_first": "cancel the first {wounds} inflicted on {target} in each combat",
    "effect.cancel_first.round": "cancel the first {wounds} inflicted on {target} in each "
                                 "combat round",
}


def _cancelfirst(self, node: n.CancelFirst, mood: str) -> str:
    key = "effect.cancel_first" + (".one" if node.value == 1 else "") \
        + (".round" if node.per == "round" else "")
    return self.t(key, target=self.term("targets", node.subject),
                  wounds=self.qty(n.Amount("fixed", (node.value,)), "wound"))


def install(renderer_cls) -> None:
    renderer_cls._cancelfirst = _cancelfirst
