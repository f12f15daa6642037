"""Determiners as English builds them (branch rbnp): "a single die", "one single wound".

"single" after the determiner "a"/"an" or "one" says the count the determiner says already, so
"a single X" is "a X" and "one single X" is "one X", whatever the noun: :func:`single_determiners`
joins the two words into the determiner's own token (spanning both), and every rule that reads
"a"/"one" (an amount of 1, "roll a die", "one of your Allies") reads the phrase unchanged. The
canonical text is the determiner's ("Roll a die.", "Take 1 wound.").
"""

from __future__ import annotations

from lark import Token

# the emphatic adjectives of a count of one that add nothing to the determiner before them
ONE_ADJECTIVES = frozenset({"single"})


def single_determiners(tokens):
    """``tokens`` with "a single" / "one single" as one A / ONE token over both words."""
    held = None
    for tok in tokens:
        if held is not None and tok.type == "WORD" and str(tok).lower() in ONE_ADJECTIVES:
            yield Token(held.type, f"{held} {tok}", start_pos=held.start_pos, line=1,
                        column=held.column, end_line=1, end_column=tok.end_column,
                        end_pos=tok.end_pos)
            held = None
            continue
        if held is not None:
            yield held
            held = None
        if tok.type in ("A", "ONE"):
            held = tok
        else:
            yield tok
    if held is not None:
        yield held


# "your Hero and Allies": a determiner before the first noun of "A and B" is the second's too
# ("your Hero and your Allies"); the nouns whose bare plural it is read before
_SHARED_AFTER = frozenset({"HERO", "ALLY", "ITEM"})
_BARE = frozenset({"ALLY", "ITEM"})


def shared_determiners(tokens):
    """``tokens`` with a YOUR (no width, at the noun) before the bare noun of "your N and N2"."""
    toks = list(tokens)
    out = []
    for i, tok in enumerate(toks):
        if (tok.type in _BARE and i >= 3 and toks[i - 1].type == "AND"
                and toks[i - 2].type in _SHARED_AFTER and toks[i - 3].type == "YOUR"):
            out.append(Token("YOUR", "", start_pos=tok.start_pos, line=1, column=tok.column,
                             end_line=1, end_column=tok.column, end_pos=tok.start_pos))
        out.append(tok)
    return out
