"""Words and the lexer pass of branch rbverbs (issue 32, part III): Runebound verbs and their
objects.

* "to the bank" / "from the bank" / "into the bank" after "gold" is one token BANKED: gold a
  Hero pays or loses goes to the bank and gold he gains comes from it, so the words add nothing
  to the verb ("pay 1 gold to the bank" is "pay 1 gold", "take 2 gold from the bank" is "gain 2
  gold"); one token lets the grammar tell it from the "to" of a price ("Pay 1 gold to heal 1
  wound."), which one token of look-ahead cannot.
* "give" / "grants" is a verb: "Give your Hero +1 Body." (printed in the imperative's canonical
  form, "Your Hero receives +1 Body."); "This item / weapon / Ally gives …" at the head of a
  sentence is read as "Give …" by lexer_rbsubj.py's pass (one reading of the card as giver).

lexer.py adds :data:`WORDS` to its vocabulary and calls :func:`rbverbs_pass`.
"""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"BANK": ("bank",), "GIVE": ("give", "gives", "grant", "grants")}

_BANK_PREPOSITIONS = frozenset({"TO", "FROM", "IN"})
_CARDS = frozenset({"ITEM", "ALLY", "CARD"})
_HEADS = frozenset({"DOT", "COLON"})


def _into(tok) -> bool:
    return tok.type in ("WORD", "INTO") and str(tok).lower() == "into"  # INTO: rbmove2


def rbverbs_pass(tokens):
    """``tokens`` with "to / from the bank" after gold as BANKED."""
    toks = list(tokens)
    types = [t.type for t in toks]
    out, i = [], 0
    while i < len(toks):
        if i and types[i - 1] == "GOLD" and types[i + 1:i + 3] == ["THE", "BANK"] \
                and (types[i] in _BANK_PREPOSITIONS or _into(toks[i])):
            out.append(_token("BANKED", "to the bank", toks[i].start_pos, toks[i + 2].end_pos))
            i += 3
            continue
        out.append(toks[i])
        i += 1
    return out


__all__ = ["WORDS", "rbverbs_pass"]
