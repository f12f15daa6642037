"""A hero named by where it starts its move (issue 32, branch dmove): "A hero who starts a
move next to this adversary is pinned.", "Heroes that start their move adjacent to this
adversary must spend a 4+ die to move.", "Each hero that begins a Move action within 2
spaces of it is pinned."

Being pinned (A5) and the toll on a Move (tolls.py) are both settled where the hero stands
as its move starts, so there "that starts a move adjacent to X" says exactly what "that is
adjacent to X" says: the tokenizer (:func:`start_move_words`) reads the one as the other
when the sentence's predicate is one of those (pinned; must spend … to move). Said of any
other predicate ("… takes 1 wound") they are RF942, where they stand: the engine has no
moment "as a move starts" for a wound to happen."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError

_STARTS = {"BEGIN": "IS", "START": "ARE"}     # "starts" / "begins"; "start" / "begin"
_OWNER = ("A", "ITS", "THEIR", "YOUR", "THE")
_PLACE = ("ADJACENT", "NEXT", "WITHIN")


def _word(t, type_: str, value: str) -> Token:
    return Token(type_, value, start_pos=t.start_pos, line=1, column=t.start_pos + 1,
                 end_line=1, end_column=t.end_pos + 1, end_pos=t.end_pos)


def _held_at_the_start(toks: list, i: int) -> bool:
    """Whether the sentence from toks[i] says "pinned" or "must spend … to move"."""
    rest = []
    for t in toks[i:]:
        if t.type in ("DOT", "SEMI"):
            break
        rest.append(t.type)
    return "PINNED" in rest or "SPEND" in rest and "MOVE" in rest[rest.index("SPEND"):]


def start_move_words(toks: list) -> list:
    """The tokens with "who|that starts a move [action] <place>" read "that is <place>"
    before a predicate settled as a move starts."""
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        j = i + 2
        if t.type in ("WHO", "THAT") and i + 1 < len(toks) and (
                toks[i + 1].type in _STARTS or str(toks[i + 1]).lower() == "begin"):
            if j < len(toks) and (toks[j].type in _OWNER or str(toks[j]).lower() in ("his",
                                                                                  "her")):
                j += 1
            if j < len(toks) and toks[j].type == "MOVE":
                j += 1
                if j < len(toks) and toks[j].type == "ACTION":
                    j += 1
                if j < len(toks) and toks[j].type in _PLACE:
                    verb = toks[i + 1]
                    if not _held_at_the_start(toks, j):
                        raise AbilitySyntaxError(
                            "where a hero starts its move settles only whether it is pinned "
                            "and what its Move costs; nothing else happens as a move starts",
                            t.start_pos, toks[j - 1].end_pos, code="RF942",
                            hint="say where it stands ('Heroes adjacent to this adversary "
                                 "are pinned.') or when it comes near ('When a hero moves "
                                 "adjacent to this adversary, that hero suffers 1 wound.')")
                    be = _STARTS.get(verb.type, "ARE")
                    out += [_word(t, "THAT", str(t)), _word(verb, be, be.lower())]
                    i = j
                    continue
        out.append(t)
        i += 1
    return out
