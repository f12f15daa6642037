"""Two relative clauses joined by "and" (issue 32, session delve9): "a hero that is adjacent
to you and has 2 or more wounds", "each adversary who is within 2 spaces of you and is
wounded", "… that is in this chamber and that is visible".

The grammar reads a selector's filters one after another ("a hero that is adjacent to you
that has 2 or more wounds"); with one word of lookahead it cannot tell the "and" that joins a
second relative clause from the "and" that joins two parts of a sentence. So the tokenizer
(:func:`join_relatives`) turns an "and" into the relative pronoun when it follows a relative
clause of filter words only and comes right before "is", "are", "has" or "have" (or before
"that" / "who" and one of them, when the pronoun is said again): the "and" that joins parts
("… adjacent to you and heal 1 wound") is never one of those."""

from __future__ import annotations

# the words a relative clause's filter is made of ("that is adjacent to you", "who has at
# least 2 wounds", "that is within 2 spaces of this adversary", "that is in this chamber")
FILTER_WORDS = frozenset((
    "IS", "ARE", "HAVE", "ADJACENT", "TO", "YOU", "IT", "THIS", "ADVERSARY", "HERO", "WITHIN",
    "NUMBER", "ONE", "A", "SPACE", "OF", "IN", "THE", "YOUR", "ITS", "CHAMBER", "POSS",
    "VISIBLE", "LINE", "SIGHT", "WOUNDED", "AT", "LEAST", "OR", "MORE", "WOUND", "VIGOUR",
    "PINNED", "BY", "NEAREST", "TARGET"))
RELATIVE = ("THAT", "WHO")
VERBS = ("IS", "ARE", "HAVE")


def _after_relative(toks, i: int) -> bool:
    """Whether toks[i] (an "and") ends a relative clause of filter words."""
    j = i - 1
    while j >= 0 and toks[j].type in FILTER_WORDS:
        j -= 1
    return j >= 0 and toks[j].type in RELATIVE and j + 1 < i and toks[j + 1].type in VERBS


def join_relatives(toks: list) -> list:
    """``toks`` with each "and" between two relative clauses made the relative pronoun (or
    dropped, before a pronoun said again)."""
    out = []
    for i, t in enumerate(toks):
        if t.type == "AND" and _after_relative(toks, i):
            nxt = [x.type for x in toks[i + 1:i + 3]]
            if nxt[:1] and nxt[0] in VERBS:
                t.type = "THAT"
            elif nxt[:1] and nxt[0] in RELATIVE and nxt[1:2] and nxt[1] in VERBS:
                continue
        out.append(t)
    return out
