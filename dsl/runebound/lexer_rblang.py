"""Lexer pass of branch rblang (issue 32): a count said with "at least" or "any" after "have" or
"with" is the count "N or more" the grammar reads: "If you have at least 2 Allies," is "If you
have 2 or more Allies,", "each Hero with at least 3 gold" is "each Hero with 3 or more gold",
"While your Hero has any wounds," is "While your Hero has 1 or more wounds," ("at least one",
"at least a" are 1). Printed "N or more". Elsewhere "at least" keeps its own reading ("did not
inflict at least 1 wound"). lexer.py calls :func:`at_least_counts`."""

from __future__ import annotations

from .lexer_token import make_token as _token

# "Refresh:" / "During your Refresh step," (the turn's first step); "until another event
# replaces this one"
WORDS = {"REFRESH": ("refresh",), "REPLACE": ("replace", "replaces")}

_HOLDERS = frozenset({"HAVE", "WITH"})
# what "any" counts after "have": "has any wounds", "have any Allies"
_COUNTED = frozenset({"WOUND", "EXHAUSTION", "GOLD", "ALLY", "ITEM", "TROPHY"})


def at_least_counts(tokens):
    """``tokens`` with "at least N" and "any <tokens>" after "have" / "with" as "N or more"."""
    toks = list(tokens)
    out, i = [], 0
    while i < len(toks):
        tok = toks[i]
        held = bool(out) and out[-1].type in _HOLDERS
        after = [t.type for t in toks[i + 1:i + 3]]
        if held and tok.type == "AT" and after[:1] == ["FEWEST"] and \
                after[1:] and after[1] in ("NUMBER", "ONE", "A"):
            num = toks[i + 2]
            value = str(num) if num.type == "NUMBER" else "1"
            out += [_token("NUMBER", value, num.start_pos, num.end_pos),
                    _token("OR", "or", tok.start_pos, toks[i + 1].end_pos),
                    _token("MORE", "more", tok.start_pos, toks[i + 1].end_pos)]
            i += 3
            continue
        if held and tok.type == "ANY" and after[:1] and after[0] in _COUNTED:
            out += [_token("NUMBER", "1", tok.start_pos, tok.end_pos),
                    _token("OR", "or", tok.start_pos, tok.end_pos),
                    _token("MORE", "more", tok.start_pos, tok.end_pos)]
            i += 1
            continue
        out.append(tok)
        i += 1
    return out


__all__ = ["WORDS", "at_least_counts"]
