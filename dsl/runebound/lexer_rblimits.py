"""Lexer pass of branch rblimits (issue 32, part III): "never" before "lose(s)" is the token
NEVER ("This Hero never loses gold when knocked out."), read by its spelling where it stands, so
the grammar needs no unknown word after a subject (which would let "Your Hero takse 1 wound"
through to a later, vaguer error). lexer.py calls :func:`never_lose`."""

from __future__ import annotations

from .lexer_token import make_token as _token


def never_lose(tokens):
    """``tokens`` with "never" before LOSE as the token NEVER."""
    toks = list(tokens)
    for i in range(len(toks) - 1):
        tok = toks[i]
        if tok.type == "WORD" and str(tok).lower() == "never" and toks[i + 1].type == "LOSE":
            toks[i] = _token("NEVER", str(tok), tok.start_pos, tok.end_pos)
    return toks


__all__ = ["never_lose"]
