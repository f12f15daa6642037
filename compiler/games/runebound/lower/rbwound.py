"""Lowering of branch rbwound's forms to the effect IR, registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of
lower/__init__.py; this module does not import it). A standing rule: the class is one of
``nodes.COMBAT_STANDING``."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def register(effect) -> None:
    @effect.register
    def _(node: n.CancelFirst) -> list[dict]:
        # the first ``value`` wounds inflicted on ``target`` in each combat / combat round
        return [{"op": "cancel_first", "target": node.subject, "value": node.value,
                 "per": node.per}]
