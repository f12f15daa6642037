"""IR of family 4 (movement and place) and family 9 (game-level effects); registered on
:func:`runeforge.lower.effect`, imported once at the end of lower.py."""

from __future__ import annotations

from .dsl import nodes_place as p
from .lower import effect


@effect.register
def _(node: p.MoveTo) -> list[dict]:
    return [{"op": "move_to", "town": node.town}]


@effect.register
def _(node: p.DoomTokens) -> list[dict]:
    return [{"op": "doom_tokens", "action": node.action, "count": node.count}]


@effect.register
def _(node: p.DiscardEvent) -> list[dict]:
    return [{"op": "discard_event"}]
