"""Words and the lexer pass of branch rbsix2 (issue 32): adventure cards' constructions.

"draw another adventure card of the same colour and resolve it": after "another / a new
adventure card (of the same colour)" the words "and resolve it" are one token ANDRESOLVE, so the
grammar tells them from the "and" that joins the next action ("... and gain 1 gold"), which one
token of look-ahead cannot. lexer.py adds :data:`WORDS` to its vocabulary and calls
:func:`rbsix2_pass`.
"""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"NEW": ("new",), "SAME": ("same",), "COLOUR": ("colour", "color"),
         "CHOICE": ("choice",), "WHICH": ("which",)}

_OPENERS = frozenset({"ANOTHER", "NEW"})


def _after_another_card(types: list, i: int) -> bool:
    """Whether the "and" at ``i`` follows "another / new adventure card (of the same colour)"."""
    j = i - 4 if types[i - 4:i] == ["OF", "THE", "SAME", "COLOUR"] else i
    return j >= 3 and types[j - 2:j] == ["ADVENTURE", "CARD"] and types[j - 3] in _OPENERS


def rbsix2_pass(tokens):
    """``tokens`` with each "and resolve it" after another adventure card as ANDRESOLVE."""
    toks = list(tokens)
    types = [t.type for t in toks]
    out, i = [], 0
    while i < len(toks):
        if types[i:i + 3] == ["AND", "RESOLVE", "IT"] and _after_another_card(types, i):
            out.append(_token("ANDRESOLVE", "and resolve it", toks[i].start_pos,
                              toks[i + 2].end_pos))
            i += 3
            continue
        out.append(toks[i])
        i += 1
    return out


__all__ = ["WORDS", "rbsix2_pass"]
