"""Transformer rules of branch rbmove2 (issue 32, part III): movement, continued.

* "Move 1 additional space into hills or mountains.", "move 1 extra space onto a river or road
  space", "Your Hero may move 1 space into a forest space": one step onto a space of those
  terrains is the move to an adjacent space of them, rbmove's :class:`~.nodes.MoveToSpace`
  (reach ``adjacent``; the engine's rule game/move_rbmove.py: the player chooses among the
  adjacent spaces of the terrains, none barred; with none the step is logged unused). It prints
  so ("Move your Hero to an adjacent hills or mountains space."). A step of 2 or more spaces
  into a terrain is RF496: which spaces on the way must be of the terrain is not said, and the
  engine moves a Hero one step to a space of a terrain only.

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _sp, install_rules


class Rbmove2:
    def rbm2_step_into(self, ch):  # "move 1 additional space into hills or mountains"
        amount = next(c for c in ch if type(c) is n.Amount)
        if amount.kind != "fixed" or tuple(amount.values) != (1,):
            start, end = _sp(ch)
            raise AbilitySyntaxError(
                "a move of more than one space into a terrain: the engine moves a Hero one "
                "step onto a space of a terrain, and which spaces on the way must be of it is "
                "not said", start, end, code="RF496",
                hint="move one space: 'move 1 additional space into hills or mountains', or "
                     "say the spaces plainly: 'move 2 spaces'")
        return n.MoveToSpace(value_of(ch), "adjacent", span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, Rbmove2)


__all__ = ["Rbmove2", "install"]
