"""Transformer rules of coordination inside a noun phrase (issue 32, lists): "a blue or red
challenge", "against green and yellow challenges", "a forest, hills or mountain space".

A selector or condition that names a colour or a terrain holds one value (a str, as before) or
several: a :class:`Several` tuple in the game's own order (nodes_lists.COLOUR_ORDER,
TERRAIN_ORDER), so every wording of one set is one AST ("a red or blue challenge" is "a blue or
red challenge"). Each value remembers where it was written (an unknown terrain is refused at
its word, RF420); a value named twice is refused here, at its second mention.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from .nodes_lists import canonical
from .nodes_place import TERRAIN_WORDS
from .parser_parts import Word, _sp, _values
from .parser_parts import _word as _word_at


class Several(tuple):
    """Two or more values (each a Word with its span), in canonical order; ``span``: the list."""

    span: tuple[int, int]


def one_or_several(words: list[Word], span) -> Word | Several:
    """One Word, or the Several of ``words`` in canonical order (a repeated value refused)."""
    seen: set[str] = set()
    for w in words:
        if str(w) in seen:
            raise AbilitySyntaxError(f"'{w}' is named twice in this list", *w.span,
                                     hint=f"name '{w}' once")
        seen.add(str(w))
    if len(words) == 1:
        return words[0]
    out = Several(canonical(words))
    out.span = span
    return out


class _Said(list):
    """The words of a list as written (lower case, each with its span), until the rule that
    holds it maps them to the game's values (value_of)."""

    span: tuple[int, int]


def _said(words, span) -> _Said:
    out = _Said(words)
    out.span = span
    return out


def _colours(self, ch):
    return _said([_word_at(str(c), c.span) for c in _values(ch)], _sp(ch))


def _terrains(self, ch):
    return _said([_word_at(str(t).lower(), (t.start_pos, t.end_pos))
                  for t in ch if isinstance(t, Token) and t.type == "WORD"], _sp(ch))


def value_of(ch, words: dict = TERRAIN_WORDS):
    """The one value or the Several that a rule's list names, each word made the game's value
    by ``words`` (a word not in it stays as written: the checks refuse it where it is)."""
    said = next(c for c in ch if isinstance(c, _Said))
    return one_or_several([_word_at(words.get(w, w), w.span) for w in said], said.span)


RULES = {"colours": _colours, "terrains": _terrains}
