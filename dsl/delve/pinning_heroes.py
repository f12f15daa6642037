"""A hero not pinned for the move of its ability, said as a sentence of its own (issue 32,
branch delveheroes): "Move up to 3 spaces. You are never pinned during this move.", "This hero
counts as not pinned for this move.", "You cannot be pinned during this move.", "Ignore
pinning for this move."

An ability's move is never pinned (docs/delve.md), so such a sentence is the ``unpinned``
modifier "This move ignores pinning." (the same; printed as the move alone); with no move
before it, it is refused where that one is. One word of lookahead cannot tell "you are never
pinned" (a rule of the hero's card) from "you are never pinned during this move" (this move),
so the tokenizer (:func:`unpinned_move`) makes the whole sentence one token, UNPINNEDMOVE,
when it ends with "during | for this move"."""

from __future__ import annotations

from lark import Token

_SUBJECTS = (("YOU",), ("THIS", "HERO"))
_STATES = (("IS", "NEVER", "PINNED"), ("ARE", "NEVER", "PINNED"), ("IS", "NOT", "PINNED"),
           ("ARE", "NOT", "PINNED"), ("COUNTAS", "AS", "NOT", "PINNED"),
           ("CANNOT", "BE", "PINNED"), ("IGNORE", "PINNING"))
_SPANS = (("DURING", "THIS", "MOVE"), ("FOR", "THIS", "MOVE"))


def _match(kinds: list, i: int, options) -> int:
    """The length of the first of ``options`` that ``kinds`` holds at ``i`` (0: none)."""
    for words in options:
        if tuple(kinds[i:i + len(words)]) == words:
            return len(words)
    return 0


def unpinned_move(toks: list) -> list:
    """``toks`` with each "[you | this hero] <not pinned> during | for this move" one
    UNPINNEDMOVE token."""
    kinds = [t.type for t in toks]
    out, i = [], 0
    while i < len(toks):
        j = i + _match(kinds, i, _SUBJECTS)
        k = _match(kinds, j, _STATES)
        m = _match(kinds, j + k, _SPANS) if k else 0
        if m and (j > i or kinds[i] in ("IGNORE", "COUNTAS")):
            first, last = toks[i], toks[j + k + m - 1]
            out.append(Token("UNPINNEDMOVE", " ".join(str(t) for t in toks[i:j + k + m]),
                             start_pos=first.start_pos, line=1, column=first.column,
                             end_line=1, end_column=last.end_column, end_pos=last.end_pos))
            i = j + k + m
            continue
        out.append(toks[i])
        i += 1
    return out
