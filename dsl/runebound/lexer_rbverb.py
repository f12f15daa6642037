"""Lexer pass of branch rbverb: "cannot attack" with no object.

"Your Hero cannot attack." and "Heroes cannot attack this turn." bar every attack; "cannot attack
this challenge" and "cannot attack other Heroes" are the rules the engine has. One token of
look-ahead after "attack" cannot tell "this turn" from "this challenge", so an "attack" after
"cannot" with no object is ATTACKS_NOTHING here (the grammar's block "branch rbverb", refused
there at its words, RF521).
"""

from __future__ import annotations

from .lexer_token import make_token as _token

_OBJECT_STARTS = frozenset({"OTHER", "ANOTHER", "EACH", "HERO"})


def _has_object(toks, i: int) -> bool:
    """Whether the "attack" at ``i`` has an object after it."""
    nxt = toks[i + 1].type if i + 1 < len(toks) else None
    after = toks[i + 2].type if i + 2 < len(toks) else None
    return nxt in _OBJECT_STARTS or (nxt == "THIS" and after == "CHALLENGE")


def bare_attacks(tokens):
    """``tokens`` with each "attack" right after "cannot" that has no object as ATTACKS_NOTHING."""
    toks = list(tokens)
    for i in range(1, len(toks)):
        if toks[i].type == "ATTACK" and toks[i - 1].type == "CANNOT" and not _has_object(toks, i):
            t = toks[i]
            toks[i] = _token("ATTACKS_NOTHING", str(t), t.start_pos, t.end_pos)
    return toks


__all__ = ["bare_attacks"]
