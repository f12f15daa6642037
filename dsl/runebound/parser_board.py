"""Transformer rules of the board's adventure counters (issue 32, branch rbboard).

:func:`install` adds them to the parser's transformer (parser.py calls it at its end). The verb
takes a noun phrase and a place phrase: "place <a colour adventure counter> on <each / an empty
colour gem space> (within N spaces of your Hero)", "remove <the (colour) adventure counter>
from <your space>"; "every" is "each", "any" and "one" are "an", "of you" is "of your Hero",
"your Hero's space" is "your space" (one node each, so `fmt` prints one wording).
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_board import (
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    GemSpaces,
    PlaceCounter,
    RemoveCounter,
)
from .parser_modifiers import MORE_MODIFIERS, _Mod
from .parser_parts import _ints, _sp, _values, _word


def _within(ch):
    numbers = [int(t) for t in ch if isinstance(t, Token) and t.type == "NUMBER"]
    return numbers[0] if numbers else None


def _gems(each: bool):
    def rule(self, ch):
        return GemSpaces(_values(ch)[0], each, _within(ch), span=_sp(ch))

    return rule


def _for_each_track(self, ch):
    most = _ints(ch)  # ", to a maximum of 3" / "(maximum 3)"
    return _Mod("for_each_track", (str(_values(ch)[0]), most[0] if most else None), _sp(ch))


def _discard_from_track(self, ch):
    count = (_ints(ch) or [1])[0]  # "a card" / "one card": 1
    track = _values(ch)[0]
    if track == "undefeated":  # the same as "discard N challenges from the undefeated track"
        return n.DiscardUndefeated(count, span=_sp(ch))
    return DiscardFromTrack(count, track, span=_sp(ch))


def _apply_for_each_track(mod, effect):
    """The modifier on the whole effect (the count is the game's: not each Hero's own)."""
    track, most = mod.value
    return ForEachOnTrack(track, effect, span=mod.span, most=most)


class _AddThem:
    """"add them to the market stack of the nearest town" as written: joined to the "draw N
    market cards" before it (one DrawMarketTo); never left in an AST."""

    def __init__(self, span):
        self.span = span


def _join_add_them(ch: list) -> list:
    """``ch`` (an action list's children) with each "draw N market cards and add them to ..."
    made one DrawMarketTo; "add them" after anything else is refused where it is written."""
    out: list = []
    for c in ch:
        if type(c) is not _AddThem:
            out.append(c)
            continue
        while out and isinstance(out[-1], Token):  # the "and" (or ",") before it
            out.pop()
        prev = out[-1] if out else None
        if not isinstance(prev, n.DrawMarket):
            raise AbilitySyntaxError(
                "'add them to the market stack' follows the market cards drawn", *c.span,
                hint="write 'Draw 2 market cards and add them to the market stack of the "
                     "nearest town.'")
        out[-1] = DrawMarketTo(prev.amount, span=(prev.span[0], c.span[1]) if prev.span
                               else c.span)
    return out


RULES = {
    "bd_kind_ally": lambda self, ch: _word("ally", _sp(ch)),
    "bd_kind_item": lambda self, ch: _word("item", _sp(ch)),
    "bd_kind_card": lambda self, ch: _word("card", _sp(ch)),
    "bd_each_stack": lambda self, ch: _word("each", _sp(ch)),
    "bd_discard_market": lambda self, ch: DiscardFromMarket(_values(ch)[0], span=_sp(ch)),
    "bd_add_them_nearest": lambda self, ch: _AddThem(_sp(ch)),
    "bd_doom_track": lambda self, ch: _word("doom", _sp(ch)),
    "bd_undefeated_track": lambda self, ch: _word("undefeated", _sp(ch)),
    "bd_for_each_track": _for_each_track,
    "bd_add_to_track": lambda self, ch: AddToTrack(*_values(ch), span=_sp(ch)),
    "bd_discard_from_track": _discard_from_track,
    "bd_counter": lambda self, ch: _values(ch)[0],  # the colour (a Word, with its span)
    "bd_each_gem": _gems(True),
    "bd_one_gem": _gems(False),
    "bd_place_counter": lambda self, ch: PlaceCounter(*_values(ch), span=_sp(ch)),
    "bd_remove_counter": lambda self, ch: RemoveCounter(
        next(iter(_values(ch)), None), span=_sp(ch)),
}


def install(cls) -> None:
    MORE_MODIFIERS["for_each_track"] = _apply_for_each_track
    for rule, method in RULES.items():
        setattr(cls, rule, method)
    action_list = cls.action_list

    def action_list_(self, ch):
        if any(type(c) is _AddThem for c in ch):
            ch = _join_add_them(list(ch))
        return action_list(self, ch)

    cls.action_list = action_list_
