"""Transformer rules of die rolls as authors write them (issue 32, session rbdice).

:func:`install` adds these rules to the parser's transformer and extends its ``subject_does``
("that Hero ...") and ``merge_otherwise`` (the sentences after a roll). Every wording is the node
:class:`~.nodes_branching.DieTable`:

* the roll: "Roll a die." (``dice`` 1), "Roll two dice and add your Body." (``dice`` 2, ``add``
  "body": the total plus the roller's Body), "Roll two dice and use the higher result." / "Roll
  twice and use the higher result." (``dice`` 2, ``keep`` "higher"); "Each Hero rolls a die."
  is ``Each(selector, DieTable)`` whose rows say what happens to "that Hero"
  (:class:`~.nodes_dice.ThatHero`);
* the rows: "On a 1 or 2,", "On 3 or less," (``low`` None), "On a total of 18 or more,"
  (``high`` None), "4-6:", ended by "." or ";"; "Otherwise, ..." (``otherwise``), also after
  ";"; "If the total is 15 or higher, ..." right after the roll is one more row.

What cannot be said is refused at its words: three or more dice, "use the higher" of one die,
a roll twice with no table after it (RF481: the engine rolls a test or an attack once), "that
Hero" outside the rows of a roll by other Heroes, "If the total is ..." away from a roll.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from lark import Token

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from . import nodes_branching as b
from . import parser_rbsubj as _rbsubj  # branch rbsubj
from .nodes_dice import MAX_DICE, ThatHero
from .parser_branching import _Faces, _Otherwise
from .parser_parts import _sp, _values, _word, install_rules

# "that Hero" and "the total is ..." said in the parse under way (the parser's lock holds one
# parse at a time): only then are the sentences walked for them (a parse without them, nearly
# every one, pays nothing for the walk)
_SAID: list[str] = []

_TWICE_HINT = ("a table may roll twice: 'Roll two dice and use the higher result. On 1–5, ... "
               "On 6–10, ...'; a test or an attack is rolled once")


@astnode
class RollResult:
    """``the total is 15 or higher`` (the condition of "If ..."): a row of the roll before it,
    joined to it by :meth:`DiceRules.merge_otherwise`; never left in an AST."""

    low: Optional[int]
    high: Optional[int]
    span: Optional[tuple[int, int]] = None


@astnode
class _RowElse:
    """A row ended by "; otherwise, ...": the row and the table's ``otherwise``."""

    row: b.TableRow
    otherwise: object
    span: Optional[tuple[int, int]] = None


def _number_token(ch) -> Token:
    return next(c for c in ch if isinstance(c, Token) and c.type in ("NUMBER", "ONE"))


def _table(ch, **fields) -> b.DieTable:
    rows, otherwise = [], None
    for value in _values(ch):
        if isinstance(value, _RowElse):
            if otherwise is not None:
                raise AbilitySyntaxError(
                    "this roll says 'otherwise' twice", *value.span, code="RF481",
                    hint="'otherwise' is the one last row: give the others their results")
            rows.append(value.row)
            otherwise = value.otherwise
        elif isinstance(value, b.TableRow):
            rows.append(value)
    return b.DieTable(tuple(rows), span=_sp(ch), otherwise=otherwise, **fields)


def _dice(ch, allowed: tuple[int, ...], what: str) -> int:
    token = _number_token(ch)
    count = 1 if token.type == "ONE" else int(token)
    if count not in allowed:
        raise AbilitySyntaxError(
            f"{what} rolls {' or '.join(map(str, allowed))} "
            f"{'die' if allowed == (1,) else 'dice'}, not {count}",
            token.start_pos, token.end_pos,
            hint="write 'Roll a die.', 'Roll two dice and add your Body.' or 'Roll two dice "
                 "and use the higher result.' before the rows")
    return count


def _rows_of_that_hero(table: b.DieTable):
    """The effects of a roll by other Heroes say what happens to 'that Hero' (or nothing)."""
    for effect in (*(r.effect for r in table.rows), table.otherwise):
        if effect is None or isinstance(effect, (ThatHero, n.Nothing)):
            continue
        raise AbilitySyntaxError(
            "a roll by other Heroes says what happens to the Hero who rolled", *effect.span,
            code="RF481", hint="write 'On 1–2, that Hero takes 1 wound.' (or 'nothing happens')")


def _table_before(out: list):
    """(the DieTable, a function putting a new one in its place) of the last sentence, or None."""
    if not out:
        return None
    last = out[-1]
    if isinstance(last, b.DieTable):
        return last, lambda t: out.__setitem__(-1, t)
    if isinstance(last, n.Each) and isinstance(last.effect, b.DieTable):
        return last.effect, lambda t: out.__setitem__(-1, replace(last, effect=t))
    return None


def _allowed_that_hero(children) -> set[int]:
    found = set()
    found.update(_rbsubj.that_hero_of_triggers(children))  # rbsubj: "a Hero ..., that Hero"
    for child in children:
        if isinstance(child, n.Each) and isinstance(child.effect, b.DieTable):
            table = child.effect
            found.update(id(e) for e in (*(r.effect for r in table.rows), table.otherwise)
                         if isinstance(e, ThatHero))
    return found


class DiceRules:
    # ---- the roll --------------------------------------------------------------------------
    def dice_add_one(self, ch):  # "Roll a die and add your Body."
        return _table(ch, add=str(_values(ch)[0]))

    def dice_add(self, ch):  # "Roll two dice and add your Body."
        count = _dice(ch, tuple(range(1, MAX_DICE + 1)), "a table")
        return _table(ch, dice=count, add=str(_values(ch)[0]))

    def dice_best(self, ch):  # "Roll two dice and use the higher (result)."
        _dice(ch, (2,), "'use the higher result'")
        return _table(ch, dice=2, keep="higher")

    def dice_twice(self, ch):  # "Roll (a die) twice and use the higher result."
        return _table(ch, dice=2, keep="higher")

    def die_table(self, ch):  # "Roll a die. On ..., ...": its rows may end "; otherwise, ..."
        return _table(ch)

    def dice_said(self, ch):  # "You roll a die." / "Each Hero rolls a die."
        from .parser_subjects import as_selector

        subject = _values(ch)[0]
        subject = subject if subject in ("you", "hero") else as_selector(subject) or subject
        if any(isinstance(c, Token) and c.type in ("NUMBER", "ONE") for c in ch):
            _dice(ch, (1,), "a table said of its roller")
        table = _table(ch)
        if subject in ("you", "hero"):
            return table
        if not isinstance(subject, n.Selector):
            raise AbilitySyntaxError(
                "only Heroes roll a die table", *_sp(ch[:1]), code="RF481",
                hint="write 'Roll a die.' (you) or 'Each Hero rolls a die.'")
        _rows_of_that_hero(table)
        return n.Each(subject, table, span=_sp(ch))

    # ---- the rows --------------------------------------------------------------------------
    def row_otherwise(self, ch):
        faces, effect, other = _values(ch)
        row = b.TableRow(faces[0], faces[1], self._nested(effect), span=_sp(ch))
        return _RowElse(row, self._nested(other), _sp(ch))

    def face_at_most(self, ch):  # "3 or less", "3 or lower"
        return _Faces(None, int(ch[0]), _sp(ch))

    def face_at_least(self, ch):  # "8 or more", "8 or higher"
        return _Faces(int(ch[0]), None, _sp(ch))

    def roll_result(self, ch):  # "the total is 15 or higher" (the condition of "If ...")
        faces = _values(ch)[0]
        _SAID.append("total")
        return RollResult(faces[0], faces[1], span=_sp(ch))

    def that_hero(self, ch):
        _SAID.append("that")
        return _word("that_hero", _sp(ch))

    # ---- the sentences after the roll --------------------------------------------------------
    @staticmethod
    def merge_rolls(children: list) -> list:
        """"If the total is ...," and "Otherwise, ..." after a roll are its rows."""
        out = []
        for child in children:  # the table before is looked for only for what joins one
            found = _table_before(out) if isinstance(child, (b.IfState, _Otherwise)) else None
            if isinstance(child, b.IfState) and isinstance(child.condition, RollResult):
                if found is None or found[0].otherwise is not None:
                    raise AbilitySyntaxError(
                        "'If the total is ...' reads the roll just before it", *child.span,
                        code="RF481", hint="write 'Roll two dice and add your Body.' first")
                table, put = found
                row = b.TableRow(child.condition.low, child.condition.high, child.effect,
                                 span=child.span)
                put(replace(table, rows=(*table.rows, row)))
                if isinstance(out[-1], n.Each):
                    _rows_of_that_hero(out[-1].effect)
                continue
            if isinstance(child, _Otherwise) and found is not None \
                    and found[0].otherwise is None:
                table, put = found
                put(replace(table, otherwise=child.effect))
                if isinstance(out[-1], n.Each):
                    _rows_of_that_hero(out[-1].effect)
                continue
            out.append(child)
        for child in out:
            table = child  # under a subject or a condition too (a window's colour: branch rbmod)
            while isinstance(table, (n.Each, n.IfState, n.WhileState)):
                table = table.effect
            if isinstance(table, b.DieTable) and not table.rows:
                raise AbilitySyntaxError(
                    "this roll has no rows: nothing says what its result does", *child.span,
                    code="RF481", hint=_TWICE_HINT if table.keep else
                    "write its rows after it: 'On 1–3, ...', 'If the result is 8 or more, ...'")
        if not _SAID:
            return out
        _SAID.clear()
        allowed = _allowed_that_hero(out)
        for child in out:
            for node in n.walk(child) if hasattr(child, "__dataclass_fields__") else ():
                if isinstance(node, ThatHero) and id(node) not in allowed:
                    raise AbilitySyntaxError(
                        "'that Hero' names the Hero who rolled, in the rows of a roll by "
                        "other Heroes", *node.span, code="RF481",
                        hint="write 'Each Hero rolls a die. On 1–2, that Hero takes 1 wound.'")
                if isinstance(node, RollResult):
                    raise AbilitySyntaxError(
                        "'the total is ...' reads a roll: write it as its own sentence "
                        "right after the roll", *node.span, code="RF481",
                        hint="write 'Roll two dice and add your Body. If the total is 15 or "
                             "higher, ...'")
        return out


def install(cls) -> None:
    """Add :class:`DiceRules` to the transformer ``cls``; "that Hero ..." and the sentences
    after a roll go through the rules it has."""
    subject_does, merge_otherwise = cls.subject_does, cls.merge_otherwise
    install_rules(cls, DiceRules)

    subject_takes = cls.subject_takes

    def subject_does_(self, ch):
        subject, clause = _values(ch)
        if subject == "that_hero":
            from .parser_subjects import with_subject

            return ThatHero(with_subject("you", clause, _sp(ch), self), span=_sp(ch))
        return subject_does(self, ch)

    def subject_takes_(self, ch):  # "that Hero takes 1 wound": said of the Hero who rolled
        if _values(ch)[0] != "that_hero":
            return subject_takes(self, ch)
        you = _word("you", ch[0].span)
        return ThatHero(subject_takes(self, [you, *ch[1:]]), span=_sp(ch))

    def merge_otherwise_(self, children: list) -> list:
        return merge_otherwise(DiceRules.merge_rolls(children))

    cls.subject_does, cls.merge_otherwise = subject_does_, merge_otherwise_
    cls.subject_takes = subject_takes_
