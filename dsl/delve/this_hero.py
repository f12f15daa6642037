"""The hero whose card it is, named in the third person (issue 32, branch delveheroes):
"this hero" is "you" ("Every adversary adjacent to this hero suffers 1 wound", "This hero
suffers 1 wound", "Heal 2 wounds on this hero or on an adjacent hero"), "this hero's" is
"your" ("this hero's card").

``THIS HERO`` is an atom of the grammar (``yourself``: ``Selector("self")``), so it stands
wherever a figure does: a subject, an object, after "adjacent to", "towards", "from". As a
subject it takes the third person ("this hero takes"); once the verb has agreed,
:func:`as_you` makes the clause the one "you" says, so the AST, the IR and the printed text
are those of "you …" (printed so). "this hero's" is YOUR to the tokenizer (:func:`possessive`).
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from .words import Clause, Who


def possessive(toks: list) -> list:
    """``toks`` with "this hero's" made one YOUR token (spanning the three)."""
    out, i = [], 0
    while i < len(toks):
        kinds = [t.type for t in toks[i:i + 3]]
        if kinds == ["THIS", "HERO", "POSS"] and str(toks[i + 1]).lower() == "hero":
            first, last = toks[i], toks[i + 2]
            out.append(Token("YOUR", f"{first} {toks[i + 1]}{last}", start_pos=first.start_pos,
                             line=1, column=first.column, end_line=1,
                             end_column=last.end_column, end_pos=last.end_pos))
            i += 3
            continue
        out.append(toks[i])
        i += 1
    return out


def is_self(subject) -> bool:
    """Whether a clause's subject is the hero whose card it is ("this hero")."""
    return isinstance(subject, Who) and subject.sel.quantity == "self" \
        and subject.sel.side is None


def as_you(clause: Clause) -> Clause:
    """The clause with "this hero" as its subject said with "you" (the same effect)."""
    if is_self(clause.subject):
        return replace(clause, subject=None, said_you=True)
    return clause
