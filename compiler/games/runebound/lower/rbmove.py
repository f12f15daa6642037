"""Lowering of branch rbmove's forms to the effect IR, registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of
lower/__init__.py; this module does not import it)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .lists import ir_value


def register(effect) -> None:
    @effect.register
    def _(node: n.MoveToSpace) -> list[dict]:
        # the game moves the Hero to a space of the place that is reach (game/move_rbmove.py)
        return [{"op": "move_to_space", "place": ir_value(node.place), "reach": node.reach}]

    @effect.register
    def _(node: n.DieFace) -> list[dict]:
        # one die of each movement roll shows the symbol too (game/faces_rbmove.py)
        return [{"op": "die_face", "symbol": str(node.symbol)}]


STATIC = (n.DieFace,)  # always on, as family 4's movement rule is
