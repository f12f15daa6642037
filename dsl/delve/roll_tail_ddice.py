"""A die rolled for each figure, said after its effect (issue 32, part III, branch ddice):
"Each adversary in your chamber takes 1 wound on a roll of 4 or more." (= "Each adversary in
this chamber rolls a die. On a 4, 5 or 6, that adversary suffers 1 wound."), "It suffers 1
wound on a roll of 5+", "Heal 1 wound on a roll of 6".

``<clause> on a roll of <faces>`` (faces as a row says them: "4 or more", "4 or higher", "5+",
"6", "5 or 6"): the clause's figures (the subject or the object: who suffers, who heals, who
gains renown) each roll a die, and the clause happens to each whose die shows one of the
faces; with no figures (you) you roll once. The session delve10 roll (:class:`~.rolls.RollDie`,
IR ``roll`` with ``who`` and a row), printed its canonical way. The tokenizer folds "on a roll
of" into one token (ONAROLL, dice_ddice.die_words): after "… 1 wound" an "on" could be "on
<a hero>", and one word of lookahead could not tell them apart."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .rolls import RollDie
from .words import Mod, span_of, spanned_rules

PRONOUNS = ("it", "that", "them", "target", "slayer", "attacked", "wounder")
_FIELDS = {n.Suffer: "target", n.Heal: "on", n.Renown: "on"}


@spanned_rules
class RollTailWords(Transformer):
    """The transformer's rule (delve.lark, branch ddice)."""

    def on_a_roll(self, meta, ch):
        faces = next(c for c in ch if isinstance(c, tuple))
        return Mod("on_a_roll", faces, span_of(meta))


def _one(e, mod: Mod):
    field = _FIELDS.get(type(e))
    if field is None:
        raise AbilitySyntaxError("a roll said after its effect decides wounds, heals or "
                                 "renown", *mod.span, code="RF936",
                                 hint="write 'Roll a die. On a 4, 5 or 6, …' before the "
                                      "effect")
    sel = getattr(e, field)
    span = (e.span[0], mod.span[1])
    if sel is None or sel.quantity == "self" and sel.side is None:
        return RollDie(None, ((mod.value, (e,)),), span)
    if sel.quantity in PRONOUNS:     # one figure named before: it rolls
        return RollDie(sel, ((mod.value, (e,)),), span)
    that = n.Selector("that", sel.side, span=sel.span)
    return RollDie(sel, ((mod.value, (replace(e, **{field: that}),)),), span)


def attach(effects: list, mod: Mod) -> list:
    return [_one(e, mod) for e in effects]


def fold_on_a_roll(toks: list) -> list:
    """"on a roll of" (spelled) as one ONAROLL token."""
    from lark import Token
    words = ("on", "a", "roll", "of")
    i, out = 0, []
    while i < len(toks):
        if [str(t).lower() for t in toks[i:i + 4]] == list(words) and \
                toks[i].type == "ON":
            end = toks[i + 3]
            out.append(Token("ONAROLL", "on a roll of", start_pos=toks[i].start_pos, line=1,
                             column=toks[i].start_pos + 1, end_line=1,
                             end_column=end.end_pos + 1, end_pos=end.end_pos))
            i += 4
            continue
        out.append(toks[i])
        i += 1
    return out
