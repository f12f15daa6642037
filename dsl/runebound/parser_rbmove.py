"""Transformer rules of branch rbmove (issue 32, part III): movement.

* "Activate before moving to <effect>." (a modifier of the phrase said between the price and
  "to") is the grammar's alternative of ``phrase`` (ability.lark): no rule here.
* "Move your Hero to an adjacent plains space.", "... to any river or road space", "... to the
  nearest forest space", "... to any town", "... to an adjacent town": the node
  :class:`~.nodes.MoveToSpace` (the place: one terrain, several, or "town"; the reach:
  adjacent, any, nearest). "the nearest town" stays the family-4 MoveTo (one AST a wording).
  Before, a terrain's space was refused here (RF470): the engine moved a Hero to a town only.

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _sp, _word, install_rules


def _said(ch, kind: str) -> bool:
    return any(isinstance(c, Token) and c.type == kind for c in ch)


class Rbmove:
    def move_to_terrain(self, ch):  # "to any / a / the nearest <terrains> space"
        reach = "nearest" if _said(ch, "NEAREST") else "any"
        return n.MoveToSpace(value_of(ch), reach, span=_sp(ch))

    def rbm_move_adjacent(self, ch):
        return n.MoveToSpace(value_of(ch), "adjacent", span=_sp(ch))

    def rbm_move_adjacent_town(self, ch):
        return n.MoveToSpace(_word("town", _sp(ch)), "adjacent", span=_sp(ch))

    def rbm_move_any_town(self, ch):
        return n.MoveToSpace(_word("town", _sp(ch)), "any", span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, Rbmove)


__all__ = ["Rbmove", "install"]
