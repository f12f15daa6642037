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
