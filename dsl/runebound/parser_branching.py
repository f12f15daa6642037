"""Transformer rules of families 1-3 (conditions, choices, random tables; issue 21).

A mixin of the parser's transformer (:class:`runeforge.dsl.runebound.parser._ToAst`); it uses that
class's ``_nested`` to refuse costs inside a prefix.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from . import nodes_branching as b
from .parser_lists import value_of
from .parser_parts import _sp as _span
from .parser_parts import _values as _nodes


def _words(children, types=("WORD",)) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type in types]




def _number(children) -> int:
    return next(int(c) for c in children if isinstance(c, Token) and c.type == "NUMBER")


def _cond(kind: str, value=None, count=None):
    def make(self, ch):
        v = value(ch) if callable(value) else value
        c = count(ch) if callable(count) else count
        return b.Condition(kind, v, c, span=_span(ch))
    return make


_SINGULAR = {"mountain": "mountains", "hill": "hills"}


class BranchingRules:
    # ---- family 1: conditions -----------------------------------------------------------
    # "a mountain space" / "a hill space" name the terrains the board calls mountains, hills
    # one terrain or several (parser_lists)
    in_terrain = _cond("terrain", lambda ch: value_of(ch, _SINGULAR))
    in_town = _cond("town")
    in_named_town = _cond("named_town", lambda ch: " ".join(_words(ch)))
    have_tokens = _cond("at_least", lambda ch: str(_nodes(ch)[0]), _number)
    have_gold = _cond("at_least", "gold", _number)
    have_no_tokens = _cond("none", lambda ch: str(_nodes(ch)[0]))
    have_skill = _cond("skill", lambda ch: str(_nodes(ch)[0]))
    have_ally = _cond("ally")
    have_item_class = _cond("item_class", lambda ch: _words(ch)[0].lower())
    enemy_colour = _cond("enemy_colour", value_of)  # colour(s): family 5, lists

    def if_state(self, ch):
        parts = _nodes(ch)
        return b.IfState(parts[0], self._nested(parts[-1]), span=_span(ch))

    def otherwise(self, ch):
        return _Otherwise(self._nested(_nodes(ch)[0]), _span(ch))

    @staticmethod
    def merge_otherwise(children: list) -> list:
        """Join each ``Otherwise, ...`` sentence to the ``If <condition>, ...`` before it."""
        out = []
        for child in children:
            if isinstance(child, _Otherwise):
                before = out[-1] if out else None
                if isinstance(before, n.Outcome):  # "If you succeed, ... Otherwise, ..."
                    other = "failure" if before.outcome == "success" else "success"
                    if any(isinstance(o, n.Outcome) and o.outcome == other for o in out):
                        raise AbilitySyntaxError(
                            "'Otherwise' after a test whose other outcome is said already",
                            *child.span, hint="leave out one of the two")
                    out.append(n.Outcome(other, child.effect, span=child.span))
                    continue
                if not isinstance(before, b.IfState) or before.otherwise is not None:
                    raise AbilitySyntaxError(
                        "'Otherwise' must follow a sentence 'If <condition>, ...'",
                        *child.span, hint="write 'If your Hero is in a town, ...' before it")
                out[-1] = b.IfState(before.condition, before.effect, child.effect,
                                    span=(before.span[0], child.span[1]))
            else:
                out.append(child)
        return out

    def while_state(self, ch):
        parts = _nodes(ch)
        return b.WhileState(parts[0], self._nested(parts[-1]), span=_span(ch))

    # ---- family 2: choices -----------------------------------------------------------------
    def choose_one(self, ch):
        options = []
        for items in _nodes(ch):
            options.append(items[0] if len(items) == 1 else
                           n.And(tuple(items), span=items.span))
        return b.Choice(tuple(options), span=_span(ch))

    def may_choose_one(self, ch):  # "You may choose one: A; or B" (how "you may A or B" prints)
        return n.MayDo(self.choose_one(ch), span=_span(ch))

    # ---- family 3: random tables -------------------------------------------------------------
    def die_table(self, ch):
        return b.DieTable(tuple(_nodes(ch)), span=_span(ch))

    # issue 32 (session rbcard): "Roll one die." / "Roll 1 die." is "Roll a die."; more dice
    # (a sum) the engine's table does not roll, so the parser refuses them at the number
    def die_table_one(self, ch):
        count = ch[1]
        if count.type == "NUMBER" and int(count) != 1:
            raise AbilitySyntaxError(
                f"a die table rolls one die, not {count}", count.start_pos,
                count.end_pos, hint="write 'Roll a die.' and rows 'On 1–3, ...' that cover the die's faces")
        return self.die_table(ch)

    def table_row(self, ch):
        (low, high), effect = _nodes(ch)[0], self._nested(_nodes(ch)[-1])
        return b.TableRow(low, high, effect, span=_span(ch))

    def one_face(self, ch):
        return _Faces(int(ch[0]), int(ch[0]), _span(ch))

    def face_range(self, ch):
        return _Faces(int(ch[0]), int(ch[-1]), _span(ch))


class _Otherwise:
    """An ``Otherwise, ...`` sentence until it joins the ``If`` before it."""

    def __init__(self, effect, span):
        self.effect, self.span = effect, span


class _Faces(tuple):
    """(low, high) of a row, with the span of the numbers written."""

    def __new__(cls, low, high, span):
        self = super().__new__(cls, (low, high))
        self.span = span
        return self

