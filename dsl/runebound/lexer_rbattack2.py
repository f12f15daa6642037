"""Token pass of branch rbattack2: a result said after a bonus, as authors say it.

* "If the attack still fails," / "If your attack still misses," / "If it still succeeds,":
  "still" adds nothing to the result (the result is read once the bonus before it is added),
  so it is dropped between the attack (or "it", "you") and its outcome;
* "<bonus>, but if the attack (still) fails, <effect>": "but if" after a comma starts a
  sentence of its own, as "; if" does (lexer_rblang.clauses).

Elsewhere "still" and "but" stay unknown words (RF302 where they stand)."""

from __future__ import annotations

from .lexer_token import make_token

_OUTCOMES = frozenset({"FAIL", "MISS", "SUCCEED", "HIT"})
_RESULT_OF = frozenset({"ATTACK", "IT", "YOU"})


def _word(tok, text: str) -> bool:
    return tok.type == "WORD" and str(tok).lower() == text


def still_but(tokens):
    toks = list(tokens)
    out = []
    for i, tok in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        prev = out[-1] if out else None
        if _word(tok, "still") and prev is not None and prev.type in _RESULT_OF and \
                nxt is not None and nxt.type in _OUTCOMES:
            continue
        if _word(tok, "but") and prev is not None and prev.type == "COMMA" and \
                nxt is not None and nxt.type == "IF":
            out[-1] = make_token("DOT", ",", prev.start_pos, prev.end_pos)
            continue
        out.append(tok)
    return out


__all__ = ["still_but"]
