"""Lexer pass of branch rblang (issue 32): a count said with "at least" or "any" after "have" or
"with" is the count "N or more" the grammar reads: "If you have at least 2 Allies," is "If you
have 2 or more Allies,", "each Hero with at least 3 gold" is "each Hero with 3 or more gold",
"While your Hero has any wounds," is "While your Hero has 1 or more wounds," ("at least one",
"at least a" are 1). Printed "N or more". Elsewhere "at least" keeps its own reading ("did not
inflict at least 1 wound"). lexer.py calls :func:`at_least_counts`.

:func:`noun_phrases` reads the noun phrases authors write for the ones the grammar has:

* "this Hero" on a Hero's card is the Hero who holds it, "your Hero" (and "this Hero's" "your");
* "your Hero's X" is "your X" ("your Hero's melee attacks", "your Hero's combat roll");
* "on a forest space" after "is" is "in a forest space" (a Hero stands in a space);
* "Escape test(s)" is "escape attempt(s)" (an escape is a test of the challenge's stat);
* under a combat phase's tag, "your melee attack succeeds" (the tag's phase named) is "your
  attack succeeds" (the attack of that phase: the tag already says which); another phase stays
  as written, a syntax error at it;
* "discard one Item" / "discard 1 Item" is "discard an Item".

Each is printed in the grammar's words.

:func:`clauses` reads the signs and stops authors write between clauses:

* "deal / inflict +1 wound" is "deal 1 additional wound" (a bonus to the wounds dealt);
* "<cost> for +3 to your combat roll" is "<cost> to receive +3 ..." (what the cost buys);
* "If ..., X; otherwise Y." is "If ..., X. Otherwise, Y." and "...; if you fail, Y." is
  "... . If you fail, Y." (a semicolon before "if", or before "otherwise" in a sentence that
  began with "if", ends the sentence; a die table's row keeps its "; otherwise");
* "Otherwise take 1 wound." is "Otherwise, take 1 wound."."""

from __future__ import annotations

from .lexer_token import make_token as _token

# "Refresh:" / "During your Refresh step," (the turn's first step); "until another event
# replaces this one"
WORDS = {"REFRESH": ("refresh",), "REPLACE": ("replace", "replaces")}
# "fails a defence roll" (the Hero's defend roll; lexer.py adds them to DEFEND's words)
DEFENCE = ("defence", "defense")

_HOLDERS = frozenset({"HAVE", "WITH"})
# what "any" counts after "have": "has any wounds", "have any Allies"
_COUNTED = frozenset({"WOUND", "EXHAUSTION", "GOLD", "ALLY", "ITEM", "TROPHY"})


def at_least_counts(tokens):
    """``tokens`` with "at least N", "one or more" and "any <tokens>" after "have" / "with" as
    "N or more"."""
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
        if held and tok.type in ("ONE", "A") and after == ["OR", "MORE"]:
            # "one or more Items" (branch rbkinds): the number the grammar counts with
            out.append(_token("NUMBER", "1", tok.start_pos, tok.end_pos))
            i += 1
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


_PHASES = {"RANGED", "MELEE", "MAGIC"}
_OUTCOMES = {"SUCCEED", "FAIL", "HIT", "MISS"}


def _tag_phase(toks) -> str | None:
    """The combat phase of the ability's tag ("Melee:" -> MELEE), or None."""
    if len(toks) > 1 and toks[0].type in _PHASES and toks[1].type == "COLON":
        return toks[0].type
    return None


def noun_phrases(tokens):
    """``tokens`` with the noun phrases of the module's docstring in the grammar's words."""
    toks = list(tokens)
    tag = _tag_phase(toks)
    out, i = [], 0
    while i < len(toks):
        tok, nxt = toks[i], toks[i + 1] if i + 1 < len(toks) else None
        after = [t.type for t in toks[i + 1:i + 4]]
        prev = out[-1].type if out else None
        if tok.type == "THIS" and nxt is not None and nxt.type in ("HERO", "HEROS"):
            out.append(_token("YOUR", str(tok), tok.start_pos, tok.end_pos))
            i += 1
            continue
        if tok.type == "HEROS" and prev == "YOUR":  # "your Hero's X": "your X"
            i += 1
            continue
        if tok.type == "ON" and prev == "IS" and after[:1] in (["A"], ["ANY"], ["WORD"]):
            out.append(_token("IN", str(tok), tok.start_pos, tok.end_pos))
            if after[0] != "A":
                out.append(_token("A", "a", tok.end_pos, tok.end_pos))
            i += 2 if after[0] == "ANY" else 1
            if after[0] == "ANY":
                out[-1] = _token("A", str(toks[i - 1]), toks[i - 1].start_pos,
                                 toks[i - 1].end_pos)
            continue
        if tok.type == "TEST" and prev == "ESCAPE":
            out.append(_token("ATTEMPT", str(tok), tok.start_pos, tok.end_pos))
            i += 1
            continue
        if tok.type == tag and prev in ("YOUR", "THE") and after[:1] == ["ATTACK"] and \
                after[1:2] and after[1] in _OUTCOMES:
            i += 1  # "your melee attack succeeds" under "Melee:"
            continue
        if tok.type == "DISCARD" and after[:2] in (["ONE", "ITEM"], ["NUMBER", "ITEM"]) and \
                str(toks[i + 1]) in ("one", "One", "1"):
            one = toks[i + 1]
            out += [tok, _token("A", str(one), one.start_pos, one.end_pos)]
            i += 2
            continue
        out.append(tok)
        i += 1
    return out


_COST_ENDS = {"EXHAUSTION", "GOLD", "WOUND", "CARD", "ACTIVATE", "ITEM", "ALLY"}


def clauses(tokens):
    """``tokens`` with the signs and stops of the module's docstring in the grammar's words."""
    toks = list(tokens)
    out, i, opened_if = [], 0, False
    while i < len(toks):
        tok = toks[i]
        prev = out[-1].type if out else None
        nxt = toks[i + 1].type if i + 1 < len(toks) else None
        if prev in (None, "DOT", "COLON"):
            opened_if = tok.type == "IF"
        if tok.type == "SIGNED" and prev in ("DEAL", "INFLICT") and nxt == "WOUND" and \
                not str(tok).startswith("-"):
            out += [_token("NUMBER", str(tok).lstrip("+"), tok.start_pos, tok.end_pos),
                    _token("ADDITIONAL", "additional", tok.start_pos, tok.end_pos)]
            i += 1
            continue
        if tok.type == "FOR" and prev in _COST_ENDS and nxt == "SIGNED":
            out += [_token("TO", str(tok), tok.start_pos, tok.end_pos),
                    _token("RECEIVE", "receive", tok.start_pos, tok.end_pos)]
            i += 1
            continue
        if tok.type == "SEMICOLON" and (nxt == "IF" or (nxt == "OTHERWISE" and opened_if)):
            out.append(_token("DOT", str(tok), tok.start_pos, tok.end_pos))
            i += 1
            continue
        if tok.type == "OTHERWISE" and prev in (None, "DOT") and nxt != "COMMA":
            out += [tok, _token("COMMA", ",", tok.end_pos, tok.end_pos)]
            i += 1
            continue
        out.append(tok)
        i += 1
    return out


__all__ = ["DEFENCE", "WORDS", "at_least_counts", "clauses", "noun_phrases"]
