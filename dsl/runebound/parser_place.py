"""Transformer rules of families 4 (movement and place), 8 (durations) and 9 (game-level
effects) of issue 21: grammar rule name -> method. parser.py adds them to its transformer
(one block at its end) before the first parse builds the Lark parser; this module does not
import parser.py (no import cycle).
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .nodes_place import TERRAIN_WORDS
from .parser_lists import value_of
from .parser_parts import Word, _sp
from .parser_parts import _word as _word_at


def _word(value: str, ch) -> Word:
    return _word_at(value, _sp(ch))


def _number(ch) -> int:
    return next(int(t) for t in ch if isinstance(t, Token) and t.type == "NUMBER")


def _words(ch, type_: str = "WORD") -> str:
    return " ".join(str(t) for t in ch if isinstance(t, Token) and t.type == type_)


def _terrains(ch) -> list[Word]:
    """The terrain ids of the WORD tokens, each remembering where it was written (an unknown
    word stays as written, lower case: RF420 in the checks, pointing at it)."""
    out = []
    for t in ch:
        if isinstance(t, Token) and t.type == "WORD":
            word = str(t).lower()
            out.append(_word(TERRAIN_WORDS.get(word, word), [t]))
    return out


RULES = {
    # family 4: movement and place
    "move_to_nearest_town": lambda self, ch: n.MoveTo(None, span=_sp(ch)),
    "move_to_town": lambda self, ch: n.MoveTo(str(ch[-1]), span=_sp(ch)),
    "town": lambda self, ch: _word(_words(ch), ch),
    "enters_town": lambda self, ch: n.EntersSpace("town", span=_sp(ch)),
    "enters_terrain": lambda self, ch: n.EntersSpace(value_of(ch), span=_sp(ch)),
    "terrain_rule": lambda self, ch: n.TerrainRule(
        str(next(c for c in ch if not isinstance(c, Token))), *_terrains(ch), span=_sp(ch)),
    "each_hero_in_space": lambda self, ch: _word("each_hero_in_space", ch),
    "each_hero_within": lambda self, ch: _word(f"each_hero_within_{_number(ch)}", ch),
    # family 8: durations
    "until_next_event": lambda self, ch: _word("next_event", ch),
    "until_end_of_next_turn": lambda self, ch: _word("end_of_next_turn", ch),
    "until_card_discarded": lambda self, ch: _word("while_held", ch),
    # family 9: game-level effects
    "place_doom_tokens": lambda self, ch: n.DoomTokens("place", _number(ch), span=_sp(ch)),
    "remove_doom_tokens": lambda self, ch: n.DoomTokens("remove", _number(ch), span=_sp(ch)),
    "discard_event": lambda self, ch: n.DiscardEvent(span=_sp(ch)),
    "discard_undefeated": lambda self, ch: n.DiscardUndefeated(_number(ch), span=_sp(ch)),
}
