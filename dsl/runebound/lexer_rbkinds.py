"""Words and the lexer pass of branch rbkinds (issue 32, part III): challenges', events' and
encounters' constructions.

* "replace(s)": "until another event replaces this one" (ability.lark, the rbkinds block).
* A semicolon that joins two sentences: "If you have 3 or more gold, lose 3 gold; otherwise take
  1 wound." and "Test Body (12); if you fail, take 2 wounds." are the two sentences "...  .
  Otherwise, ..." and "... . If you fail, ...": :func:`clause_semicolons` makes such a semicolon
  the full stop it stands for. A semicolon before "otherwise" ends a sentence only when that
  sentence opens with "If" (a die table's row keeps its "; otherwise", ability.lark's
  row_otherwise); before "if" it always does (no row, choice or list goes on with "if").
* "more" after the amount of a gain, a wound taken or dealt, a move or a roll ("gain 2 more
  gold", "take 1 more wound", "your Hero moves 1 more space", "roll 1 more movement die") is "additional"
  (:func:`more_as_additional`); after a price ("costs 1 more gold") and in "N or more" it stays.
* A subject denied with "no": "No Hero may attack another Hero.", "no Allies can be hired" are
  "Heroes cannot attack another Hero.", "Allies cannot be hired" (:func:`no_subjects`; a
  clause's first words only, so "you have no Allies" keeps its "no").
lexer.py adds :data:`WORDS` to its vocabulary and calls :func:`clause_semicolons`,
:func:`more_as_additional` and :func:`no_subjects`.
"""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"REPLACE": ("replace", "replaces")}

_TAGS = frozenset({"COMBAT", "RANGED", "MELEE", "MAGIC", "PHASE"})


def _opens_with_if(types: list, i: int) -> bool:
    """Whether the sentence that the semicolon at ``i`` is in opens with "If" (after a tag
    such as "Before Combat:")."""
    start = i
    while start > 0 and types[start - 1] != "DOT":
        start -= 1
    colon = next((k for k in range(start, i) if types[k] == "COLON"), None)
    if colon is not None and colon - start <= 2 and types[colon - 1] in _TAGS:
        start = colon + 1
    return start < i and types[start] == "IF"


def clause_semicolons(tokens):
    """``tokens`` with each semicolon that ends a sentence (see the module) as a full stop."""
    toks = list(tokens)
    types = [t.type for t in toks]
    for i, tok in enumerate(toks[:-1]):
        if tok.type != "SEMICOLON":
            continue
        after = types[i + 1]
        if after == "IF" or (after == "OTHERWISE" and _opens_with_if(types, i)):
            toks[i] = _token("DOT", str(tok), tok.start_pos, tok.end_pos)
            types[i] = "DOT"
    return toks


_VERBS = frozenset({"GAIN", "TAKE", "MOVE", "ROLL", "INFLICT", "DEAL"})
_COUNTED = frozenset({"GOLD", "WOUND", "EXHAUSTION", "SPACE", "MOVEMENT"})


def more_as_additional(tokens):
    """``tokens`` with each "more" of a verb's amount (see the module) as ADDITIONAL."""
    toks = list(tokens)
    for i in range(2, len(toks) - 1):
        tok = toks[i]
        if (tok.type == "MORE" and toks[i - 1].type in ("NUMBER", "ONE", "A")
                and toks[i - 2].type in _VERBS and toks[i + 1].type in _COUNTED):
            toks[i] = _token("ADDITIONAL", str(tok), tok.start_pos, tok.end_pos)
    return toks


_CLAUSE_OPENERS = frozenset({"COMMA", "DOT", "COLON"})
_DENIED = frozenset({"HERO", "ALLY", "ITEM"})


def no_subjects(tokens):
    """``tokens`` with each clause-opening "no <Heroes | Allies | Items> may / can" as
    "<Heroes | Allies | Items> cannot" (see the module)."""
    toks = list(tokens)
    out, i = [], 0
    while i < len(toks):
        tok = toks[i]
        if (tok.type == "NO" and (i == 0 or toks[i - 1].type in _CLAUSE_OPENERS)
                and i + 2 < len(toks) and toks[i + 1].type in _DENIED
                and toks[i + 2].type == "MAY"):
            may = toks[i + 2]
            out += [toks[i + 1], _token("CANNOT", "cannot", may.start_pos, may.end_pos)]
            i += 3
            continue
        out.append(tok)
        i += 1
    return out


__all__ = ["WORDS", "clause_semicolons", "more_as_additional", "no_subjects"]
