"""Transformer rules of the board's adventure counters (issue 32, branch rbboard).

:func:`install` adds them to the parser's transformer (parser.py calls it at its end). The verb
takes a noun phrase and a place phrase: "place <a colour adventure counter> on <each / an empty
colour gem space> (within N spaces of your Hero)", "remove <the (colour) adventure counter>
from <your space>"; "every" is "each", "any" and "one" are "an", "of you" is "of your Hero",
"your Hero's space" is "your space" (one node each, so `fmt` prints one wording).
"""

from __future__ import annotations

from lark import Token

from .nodes_board import GemSpaces, PlaceCounter, RemoveCounter
from .parser_parts import _sp, _values


def _within(ch):
    numbers = [int(t) for t in ch if isinstance(t, Token) and t.type == "NUMBER"]
    return numbers[0] if numbers else None


def _gems(each: bool):
    def rule(self, ch):
        return GemSpaces(_values(ch)[0], each, _within(ch), span=_sp(ch))

    return rule


RULES = {
    "bd_counter": lambda self, ch: _values(ch)[0],  # the colour (a Word, with its span)
    "bd_each_gem": _gems(True),
    "bd_one_gem": _gems(False),
    "bd_place_counter": lambda self, ch: PlaceCounter(*_values(ch), span=_sp(ch)),
    "bd_remove_counter": lambda self, ch: RemoveCounter(
        next(iter(_values(ch)), None), span=_sp(ch)),
}


def install(cls) -> None:
    for rule, method in RULES.items():
        setattr(cls, rule, method)
