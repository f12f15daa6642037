"""Rolling more than once (issue 32, session delve9): "Roll two dice and use the higher
result." after an attack or a roll ("Make a missile attack against a visible adversary. Roll
two dice and use the higher result.", "Roll one of your spent dice again. Roll two dice and
keep the higher."): that attack's roll, or that die, is the highest of N dice.

The sentence rides on the attack or the roll before it (``best_of`` on
:class:`~.nodes.Strike`, :class:`~.nodes.Attack`, :class:`~.nodes.Reroll`); the printer
writes it as its own sentence after that effect. With no attack or roll before it, it is
RF914; fewer than 2 dice RF912."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import Pred, span_of, spanned_rules, tok

ROLLS = (n.Strike, n.Attack, n.Reroll)
MAX_DICE = 6


@spanned_rules
class BestOfWords(Transformer):
    """The transformer's rule for the sentence (delve.lark, session delve9)."""

    def best_of(self, meta, ch):
        number = tok(ch, "NUMBER")
        dice = number.value if number is not None else 1 if tok(ch, "ONE") else 2  # twice
        return Pred("best_of", tok(ch, "ROLL"), span_of(meta), {"n": dice})


class BestOf:
    """The sentence before it is folded into the effect it rides on (:func:`fold`)."""

    def __init__(self, dice: int, span):
        self.dice, self.span = dice, span


def fold(effects: list) -> list:
    """Each "roll N dice and use the higher result" given to the attack or roll before it."""
    out: list = []
    for e in effects:
        if isinstance(e, BestOf):
            if not 2 <= e.dice <= MAX_DICE:
                raise AbilitySyntaxError(f"{e.dice} dice have no higher result to use", *e.span,
                                         code="RF912", hint="write 'Roll two dice and use the "
                                                            "higher result.'")
            if not out or not isinstance(out[-1], ROLLS) or out[-1].best_of > 1:
                raise AbilitySyntaxError("'roll two dice and use the higher result' rides on "
                                         "an attack or a roll, and none comes just before it",
                                         *e.span, code="RF914",
                                         hint="put it right after the attack: 'Make a missile "
                                              "attack against a visible adversary. Roll two "
                                              "dice and use the higher result.'")
            out[-1] = replace(out[-1], best_of=e.dice, span=(out[-1].span[0], e.span[1]))
            continue
        for inner in getattr(e, "effects", ()):
            if isinstance(inner, BestOf) or any(isinstance(x, BestOf)
                                                for x in getattr(inner, "effects", ())):
                fold(list(e.effects))            # raises at the stray sentence
        out.append(e)
    return out


def with_best_of(e, text_of) -> str | None:
    """``text_of(e)`` followed by the sentence, or None when ``e`` rolls once."""
    if getattr(e, "best_of", 1) <= 1:
        return None
    return f"{text_of(replace(e, best_of=1))}. Roll {e.best_of} dice and use the higher result"
