"""Words of a hero's standing rules read as the dialect's own (issue 32, part III, branch
delvepassive), a pass over the tokens (lexer.py ``tokenize``):

* "weapon" after a range or "your" is an attack: a weapon is a hero's attack action (R15), so
  "your Combat weapons deal +1 Damage" is "your combat attacks deal +1 Damage" and "slay an
  adversary with a Missile weapon" is "… with a missile attack";
* "as long as" is "while": "As long as you are wounded, …", "… as long as an adversary is
  adjacent to you";
* "your Move value" is "your Move" (the stat printed on the card).

``fmt`` prints the canonical words ("attacks", "If …")."""

from __future__ import annotations

from lark import Token

WEAPON = ("weapon", "weapons")
_BEFORE_WEAPON = ("RANGE", "YOUR")


def passive_words(toks: list) -> list:
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "WORD" and str(t).lower() in WEAPON and out \
                and out[-1].type in _BEFORE_WEAPON:
            out.append(Token.new_borrow_pos("ATTACK", str(t), t))
        elif t.type == "AS" and i + 2 < len(toks) and toks[i + 1].type == "WORD" \
                and str(toks[i + 1]).lower() == "long" and toks[i + 2].type == "AS":
            last = toks[i + 2]
            out.append(Token("WHILE", "as long as", start_pos=t.start_pos, line=t.line,
                             column=t.column, end_line=last.end_line,
                             end_column=last.end_column, end_pos=last.end_pos))
            i += 3
            continue
        elif t.type == "WORD" and str(t).lower() == "value" and out and out[-1].type == "MOVE" \
                and len(out) > 1 and out[-2].type == "YOUR":
            pass   # "your Move value" is "your Move" (the card's stat)
        else:
            out.append(t)
        i += 1
    return out
