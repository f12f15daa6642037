"""Words and a token pass of branch rbroll (issue 32, part III).

* ``WORDS``: "tests of Spirit skills" (the plural of "skill"), "each time you try to escape"
  (an attempt), "you may roll again", "keep the second result", "the two results", registered
  by lexer.py's ``_register``.
* :func:`rbroll_pass`: a skill's name that opens a sentence (or follows its opening "all /
  every / each / any", or "a": "If you fail a Swim test") before "test(s)" — "Swim tests you
  make receive +2." — is SKILLNAME, so
  the grammar reads a sentence that opens with a skill's test without reading every unknown
  word there as a skill (an unknown word elsewhere stays RF302 at its place).
"""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"SKILL": ("skill", "skills"),
         "ATTEMPT": ("attempt", "attempts", "try", "tries"),
         "AGAIN": ("again",), "SECOND": ("second",), "ACCEPT": ("accept",),
         "RESULT": ("result", "results")}
_OPENERS = frozenset({"DOT", "COLON", "ALL", "EVERY", "EACH", "ANY", "A"})


def rbroll_pass(tokens):
    """``tokens`` with a skill's name before "test(s)" at a sentence's start as SKILLNAME."""
    toks = list(tokens)
    for i, tok in enumerate(toks):
        if tok.type == "WORD" and i + 1 < len(toks) and toks[i + 1].type == "TEST" and \
                (i == 0 or toks[i - 1].type in _OPENERS):
            toks[i] = _token("SKILLNAME", str(tok), tok.start_pos, tok.end_pos)
    return toks


__all__ = ["WORDS", "rbroll_pass"]
