"""Transformer rules of branch rbmove (issue 32, part III): movement.

* "Activate before moving to <effect>." (a modifier of the phrase said between the price and
  "to") is the grammar's alternative of ``phrase`` (ability.lark): no rule here.
* "Move your Hero to an adjacent plains space.", "... to any river or road space", "... to the
  nearest forest space", "... to any town", "... to an adjacent town": the node
  :class:`~.nodes.MoveToSpace` (the place: one terrain, several, or "town"; the reach:
  adjacent, any, nearest). "the nearest town" stays the family-4 MoveTo (one AST a wording).
  Before, a terrain's space was refused here (RF470): the engine moved a Hero to a town only.
* "You may use any hills symbol as a mountain symbol" (", and any mountain symbol as a hills
  symbol") is family 4's movement rule "move through mountains as if they were hills" (a die
  showing hills may enter mountains), every Hero's; the same terrain twice is RF494;
* "(You may) treat one of your movement dice as showing a river symbol / any symbol (each time
  you roll for movement)": the movement rule :class:`~.nodes.DieFace`;
* "When moving, <movement rules>" says when those rules hold: the rules, printed without it;
  before anything but a movement rule it opens no moment (RF495).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
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


# ---- "use any hills symbol as a mountain symbol"; "When moving, ..." -------------------------

def _terrain(tok) -> str:
    from .nodes_place import TERRAIN_WORDS

    word = str(tok).lower()
    return TERRAIN_WORDS.get(word, word)


def _movement_rules(effect) -> bool:
    """Whether ``effect`` is made only of movement rules (a TerrainRule, or an And of them)."""
    if type(effect) is n.And:
        return all(_movement_rules(e) for e in effect.items)
    return type(effect) in (n.TerrainRule, n.DieFace)


class RbmoveSymbols:
    def rbm_pair(self, ch):  # "(any) hills symbol as a mountain symbol"
        words = [c for c in ch if isinstance(c, Token) and c.type == "WORD"]
        used, said = _terrain(words[0]), _terrain(words[1])
        if used == said:
            raise AbilitySyntaxError(f"a {words[0]} symbol used as a {words[1]} symbol changes "
                                     "nothing", *_sp(ch), code="RF494",
                                     hint="name two terrains: 'use any hills symbol as a "
                                          "mountain symbol'")
        # a die showing ``used`` may enter a space of ``said``: family 4's movement rule
        # "move through <said> as if they were <used>" (every Hero's: no skill)
        return n.TerrainRule(None, said, used, span=_sp(ch))

    def rbm_symbol_as(self, ch):
        return next(c for c in ch if type(c) is n.TerrainRule)

    def rbm_die_face(self, ch):  # "treat one of your movement dice as showing a river symbol"
        word = next(c for c in ch if isinstance(c, Token) and c.type == "WORD")
        return n.DieFace(_word(_terrain(word), (word.start_pos, word.end_pos)), span=_sp(ch))

    def rbm_die_any(self, ch):
        return n.DieFace(_word("any", _sp(ch)), span=_sp(ch))

    def rbm_when_moving(self, ch):  # "When moving, <movement rules>": the rules, always on
        effect = ch[-1]
        inner = effect.effect if type(effect) is n.MayDo else effect
        if not _movement_rules(inner):
            start = ch[0].start_pos if isinstance(ch[0], Token) else _sp(ch)[0]
            raise AbilitySyntaxError(
                "'when moving' opens no moment of its own: it says when a movement rule holds",
                start, ch[2].end_pos if isinstance(ch[2], Token) else _sp(ch)[1],
                code="RF495", hint="write 'Before moving, ...' or 'After moving, ...', or a "
                                   "movement rule: 'When moving, you may use any hills symbol "
                                   "as a mountain symbol.'")
        return inner


def install(cls) -> None:
    install_rules(cls, Rbmove, RbmoveSymbols)
    phrase = cls.phrase

    def phrase_(self, ch):
        """"You may move through hills as if they were mountains and move through mountains as
        if they were hills." is the two movement rules (the core unwraps one rule so; two
        stayed an optional effect, which no movement step reads)."""
        out = phrase(self, ch)
        if type(out) is n.MayDo and type(out.effect) is n.DieFace:
            return out.effect  # "You may treat one die as ...": the rule, as "you may move through"
        if type(out) is n.MayDo and type(out.effect) is n.And and \
                _movement_rules(out.effect) and all(getattr(e, "skill", None) is None
                                                    for e in out.effect.items):
            return out.effect
        return out

    cls.phrase = phrase_


__all__ = ["Rbmove", "RbmoveSymbols", "install"]
