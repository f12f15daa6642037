"""Lexer pass of branch rbmod: a "for each" bound to the object before it.

"... for each Ally you have" after a whole effect counts the effect ("Gain 1 gold and take 1
wound for each Ally you have": both, once per Ally; the modifier of the phrase). Inside a
choice, after "plus" and in a reward's objects it counts only the object it follows:

* "Choose one: gain 3 gold; or gain 1 gold for each Ally you have." (the second option);
* "Gain 2 gold, plus 1 gold for each trophy you have." (the second amount);
* "Reward: 2 gold, plus 1 gold for each trophy you have." (the same, as a reward's objects).

One token of look-ahead cannot tell these from the phrase's modifier, so that "for" is EACHFOR
here (the grammar's block "branch rbmod"). The comma before "plus" is dropped ("2 gold, plus 1
gold" and "2 gold plus 1 gold" are one object).
"""

from __future__ import annotations

from .lexer_token import make_token as _token

_AMOUNT_START = frozenset({"NUMBER", "ONE", "A", "X", "UP"})


def _bound(sentence: list) -> set[int]:
    """Indices (in ``sentence``) of the FOR tokens that count the object before them."""
    types = [t.type for t in sentence]
    start = None
    for i in range(len(types) - 2):
        if types[i:i + 3] == ["CHOOSE", "ONE", "COLON"]:
            start = i + 3
            break
        if types[i:i + 2] == ["REWARD", "COLON"] and types[i + 2] in _AMOUNT_START:
            start = i + 2
            break
    if start is None and "PLUS" in types:
        start = types.index("PLUS")
    if start is None:
        return set()
    return {i for i in range(start, len(types) - 1)
            if types[i] == "FOR" and types[i + 1] in ("EACH", "EVERY")}


def bound_for_each(tokens):
    """``tokens`` with each bound "for" (module doc) as EACHFOR and no comma before "plus"."""
    toks = list(tokens)
    out, sentence = [], []

    def flush():
        bound = _bound(sentence)
        for i, tok in enumerate(sentence):
            if i in bound:
                tok = _token("EACHFOR", str(tok), tok.start_pos, tok.end_pos)
            elif tok.type == "COMMA" and i + 1 < len(sentence) and \
                    sentence[i + 1].type == "PLUS":
                continue
            out.append(tok)
        sentence.clear()

    for tok in toks:
        sentence.append(tok)
        if tok.type == "DOT":
            flush()
    flush()
    return out


# "+1 to melee attacks; +2 instead against red challenges.": a clause said "instead" after ";" is
# a sentence of its own (the ";" a full stop), as "+1 to melee attacks. +2 instead ..." is

_CLAUSE_ENDS = ("DOT", "SEMICOLON")


def instead_semicolons(tokens):
    """``tokens`` with each ";" before a clause that says "instead" as DOT (not in a choice,
    whose ";" parts its options)."""
    toks = list(tokens)
    types = [t.type for t in toks]
    if "CHOOSE" in types:
        return toks
    for i, t in enumerate(toks):
        if t.type != "SEMICOLON":
            continue
        j = next((k for k in range(i + 1, len(toks)) if types[k] in _CLAUSE_ENDS), len(toks))
        if "INSTEAD" in types[i + 1:j]:
            toks[i] = _token("DOT", str(t), t.start_pos, t.end_pos)
    return toks


def rbmod_pass(tokens, low: str):
    """The passes of this module the text needs (``low``: the text in lower case)."""
    if "instead" in low and ";" in low:
        tokens = instead_semicolons(tokens)
    if "for" in low or "plus" in low:
        tokens = bound_for_each(tokens)
    return tokens


__all__ = ["bound_for_each", "instead_semicolons", "rbmod_pass"]
