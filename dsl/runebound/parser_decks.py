"""Parser side of family 5/6 (issue 21): transformer methods for the decks, cards, economy and
experience forms, installed on the parser's transformer by :func:`install`."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _one_of, install_rules


class _Pair(tuple):
    """(stat, value) of "Life 3" that remembers where it was written."""

    span: tuple[int, int]


class _Word(str):
    """A word-valued result (a colour, a gold basis) that remembers where it was written."""

    span: tuple[int, int]


def _word(value: str, ch) -> _Word:
    w = _Word(value)
    w.span = _sp(ch)
    return w


def _sp(ch) -> tuple[int, int]:
    first, last = ch[0], ch[-1]
    start = first.start_pos if isinstance(first, Token) else first.span[0]
    end = last.end_pos if isinstance(last, Token) else last.span[1]
    return (start, end)


def _vals(ch):
    return [c for c in ch if not isinstance(c, Token)]


def _number(ch) -> int:
    return int(next(c for c in ch if isinstance(c, Token) and c.type == "NUMBER"))


def _pair(stat: str, ch) -> _Pair:
    p = _Pair((stat, _number(ch)))
    p.span = _sp(ch)
    return p


def join_keep(items: list) -> list:
    """``draw 3 market cards and keep one`` is one clause: join each ``keep one`` to the
    ``draw N market cards`` just before it; a ``keep one`` after anything else is an error."""
    out: list = []
    for item in items:
        if isinstance(item, n.KeepOne):
            prev = out[-1] if out else None
            if not isinstance(prev, n.DrawMarket):
                raise AbilitySyntaxError(
                    "'keep one' says which of the market cards just drawn the Hero keeps",
                    *item.span, hint="write it after a draw: 'draw 3 market cards and keep one'")
            out[-1] = n.DrawMarketKeep(prev.amount, span=(prev.span[0], item.span[1]))
        else:
            out.append(item)
    return out


class DecksToAst:
    def draw_adventure(self, ch):
        return n.DrawAdventure(str(_vals(ch)[0]), span=_sp(ch))

    def keep_one(self, ch):
        return n.KeepOne(span=_sp(ch))

    def return_to_deck(self, ch):
        return n.ReturnToDeck(span=_sp(ch))

    def discard_item(self, ch):
        _one_of(ch, "Item", "Items")
        return n.DiscardItem(span=_sp(ch))

    def gain_experience(self, ch):
        return n.GainExperience(_vals(ch)[0], span=_sp(ch))

    def gain_gold_equal(self, ch):
        return n.GainGoldEqual(str(_vals(ch)[0]), span=_sp(ch))

    def pays_you(self, ch):
        payer, amount = _vals(ch)
        return n.PaysYou(payer, amount, span=_sp(ch))

    def place_ally(self, ch):
        pairs = _vals(ch)
        return n.PlaceAlly(tuple(tuple(p) for p in pairs), span=_sp(ch),
                           stat_spans=tuple(p.span for p in pairs))

    def ally_attribute(self, ch):
        return _pair(str(_vals(ch)[0]), ch)

    def ally_life(self, ch):
        return _pair("life", ch)

    def ally_stamina(self, ch):
        return _pair("stamina", ch)

    def ally_damage(self, ch):
        return _pair(f"{_vals(ch)[0]}_damage", ch)

    def green(self, ch):
        return _word("green", ch)

    def yellow(self, ch):
        return _word("yellow", ch)

    def blue(self, ch):
        return _word("blue", ch)

    def red(self, ch):
        return _word("red", ch)

    def its_cost(self, ch):
        return _word("discarded", ch)

    def this_card_cost(self, ch):
        return _word("this_card", ch)


def install(transformer_cls) -> None:
    """Add the family's methods to the parser's transformer and join ``keep one`` in
    action lists."""
    install_rules(transformer_cls, DecksToAst)
    base = transformer_cls.action_list

    def action_list(self, ch):
        items = base(self, ch)
        if not any(type(item) is n.KeepOne for item in items):  # the common case, fast
            return items
        joined = join_keep(list(items))
        if len(joined) == len(items):
            return items
        items[:] = joined
        return items

    transformer_cls.action_list = action_list
