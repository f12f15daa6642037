"""Lexer pass of branch rbseven (issue 32): "this weapon", "this armor", "this artifact" ... is
the Item card that says it, "this Item": an Item's class (the schema's ``class`` of an Item:
weapon, armor, artifact, rune, relic, consumable) after "this" names the card, as authors name
it ("Discard this weapon to heal 2 wounds.", "This armor cannot be sold."). Printed "this Item".
Off an Item's card "this Item" names no card (RF450). lexer.py calls :func:`this_item_class`.

"at no cost" after an effect ("you may heal 1 wound from your Hero at no cost") says what an
effect of the text is anyway (only the costs before "to", or a payment the text says, cost
anything): :func:`no_cost` drops the three words, as the lexer drops "immediately"."""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"DIES": ("dies",)}  # "When this Ally dies, ...": it is defeated (killed)

ITEM_CLASSES = frozenset({"weapon", "armor", "armour", "artifact", "rune", "relic",
                          "consumable"})


def this_item_class(tokens):
    """``tokens`` with each Item class after "this" as the word ITEM."""
    toks = list(tokens)
    for i in range(1, len(toks)):
        tok = toks[i]
        if tok.type == "WORD" and toks[i - 1].type == "THIS" and str(tok).lower() in ITEM_CLASSES:
            toks[i] = _token("ITEM", str(tok), tok.start_pos, tok.end_pos)
    return toks


def no_cost(tokens):
    """``tokens`` without each "at no cost"."""
    toks = list(tokens)
    types = [t.type for t in toks]
    out, i = [], 0
    while i < len(toks):
        if types[i:i + 3] == ["AT", "NO", "COST"]:
            i += 3
            continue
        out.append(toks[i])
        i += 1
    return out


__all__ = ["ITEM_CLASSES", "WORDS", "no_cost", "this_item_class"]
