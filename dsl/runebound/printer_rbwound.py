"""Canonical English of branch rbwound's forms, registered on printer.text by :func:`install`
(called at the end of printer.py; this module does not import it)."""

from __future__ import annotations

from . import nodes as n


def install(text, targets) -> None:
    @text.register
    def _(node: n.CancelFirst) -> str:
        wounds = "wound" if node.value == 1 else f"{node.value} wounds"
        return (f"cancel the first {wounds} inflicted on {targets[node.subject]} in each combat"
                + (" round" if node.per == "round" else ""))
