"""A chamber named again with "the" (issue 32, session delve10): "Each adversary in your
chamber suffers 1 wound. Each other hero in the chamber also suffers 1 wound." — "the chamber"
after a chamber was named is that chamber.

The tokenizer (:func:`the_chamber`) reads "in the chamber" as the words of the chamber named
last before it ("your chamber", "this chamber", "its chamber", "this adversary's chamber"; "a chamber" that a figure is said to be in, as in
"if you are in a chamber that contains no adversaries", is that figure's), so the grammar sees that filter again and ``fmt`` prints it as that chamber ("in this
chamber", "in this adversary's chamber"). With no chamber named before it, or after "a
chamber" (one the engine cannot name again), it is RF914 at "the chamber", like "it" with
nothing before it."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError

# the determiners that name a chamber the grammar knows ("your chamber", "this chamber")
NAMED = ("YOUR", "THIS", "ITS")


def _copy(t: Token, type_: str, value: str, start: int, end: int) -> Token:
    return Token(type_, value, start_pos=start, line=1, column=start + 1, end_line=1,
                 end_column=end + 1, end_pos=end)


def _named(toks: list, k: int) -> list | None:
    """The tokens that name the chamber whose CHAMBER token is ``toks[k]``, or None when they
    name no chamber the grammar can say again ("a chamber", "an adjacent chamber")."""
    if k >= 3 and [t.type for t in toks[k - 3:k]] == ["THIS", "ADVERSARY", "POSS"]:
        return toks[k - 3:k + 1]
    if k >= 1 and toks[k - 1].type in NAMED:
        return toks[k - 1:k + 1]
    if k >= 4 and [t.type for t in toks[k - 3:k]] in (["IS", "IN", "A"], ["ARE", "IN", "A"]):
        return _whose(toks, k - 4, toks[k])   # "if you are in a chamber that contains …"
    return None


def _whose(toks: list, j: int, chamber: Token) -> list | None:
    """The chamber of the figure ``toks[j]`` ends ("you", "it", "this adversary") is in,
    said as a possessive: "your chamber", "its chamber", "this adversary's chamber"."""
    at = (chamber.start_pos, chamber.end_pos)
    if toks[j].type == "YOU":
        return [_copy(toks[j], "YOUR", "your", *at), chamber]
    if toks[j].type == "IT":
        return [_copy(toks[j], "ITS", "its", *at), chamber]
    if j >= 1 and toks[j].type == "ADVERSARY" and toks[j - 1].type == "THIS":
        return [_copy(toks[j - 1], "THIS", "this", *at),
                _copy(toks[j], "ADVERSARY", "adversary", *at),
                _copy(toks[j], "POSS", "'s", *at), chamber]
    return None


def the_chamber(toks: list) -> list:
    """``toks`` with each "in the chamber" said as the chamber named last before it."""
    out: list = []
    last: list | None = None      # the words of the chamber named last
    said = False                  # whether any chamber was named before
    for i, t in enumerate(toks):
        if t.type == "CHAMBER" and out and out[-1].type == "THE" and len(out) > 1 \
                and out[-2].type == "IN":
            the = out.pop()
            if last is None:
                why = ("the chamber named before it is no chamber the engine can name again"
                       if said else "'the chamber' names a chamber said before it, and none is")
                raise AbilitySyntaxError(why, the.start_pos, t.end_pos, code="RF914",
                                         hint="name it: 'in your chamber', 'in this chamber' "
                                              "or 'in this adversary's chamber'")
            start, end = the.start_pos, t.end_pos
            out += [_copy(w, w.type, str(w), start, end) for w in last]
            continue
        if t.type == "CHAMBER":
            said = True
            last = _named(toks, i)
        out.append(t)
    return out
