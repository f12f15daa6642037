"""The exploration deck in a hero's ability (issue 32, session delve11): "Look at the top
card of the exploration deck. You may put it on the bottom of the deck." (also "…; you may put
it on the bottom.", "Put it at the bottom of the exploration deck." for a card that must go).

"Look at the top card" is one effect; "put it on the bottom" is said in the next clause and
rides on it (its "it" is the card looked at): :func:`fold` joins the two into one
:class:`Scout` (``bury``: None, "may" or "must"), as "Roll two dice and use the higher result"
joins the roll before it. With no look just before it, "put it on the bottom" is RF914. The
engine shows the player the top card and, for "may", asks whether it goes to the bottom
(engine/delve/game/scouting.py); only a hero's ability looks at the deck (owners.py)."""

from __future__ import annotations

from dataclasses import field, replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from .words import Pred, span_of, spanned_rules, tok

LOOK = "look at the top card of the exploration deck"
BURY = "put it on the bottom of the exploration deck"


@astnode
class Scout:
    """Look at the top exploration card; ``bury`` it: None (no), "may" or "must"."""

    bury: str | None = None
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@astnode
class _Bury:
    """"put it on the bottom", until :func:`fold` gives it to the look before it."""

    may: bool
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class ScoutWords(Transformer):
    """The transformer's rules (delve.lark, session delve11)."""

    def peek(self, meta, ch):
        return Pred("peek", tok(ch, "LOOK"), span_of(meta), {})

    def bury(self, meta, ch):
        return Pred("bury", tok(ch, "PUT"), span_of(meta), {})


def build(kind: str, clause, text: str, span):
    """The effect of a "peek" or "bury" clause (``text``: the ability, for its modal)."""
    if clause.subject is not None:
        raise AbilitySyntaxError("only you look at the exploration deck", *span,
                                 hint="leave out the subject: 'Look at the top card of the "
                                      "exploration deck.'")
    if kind == "peek":
        return Scout(None, span)
    said = text[clause.span[0]:clause.pred.span[0]].lower().split()
    return _Bury("may" in said or "can" in said or clause.pred.data.get("may", False),
                 span)   # "you must put it …": it goes; "on the top or the bottom": may


def fold(effects: list) -> list:
    """Each "put it on the bottom" given to the look just before it."""
    out: list = []
    for e in effects:
        if isinstance(e, _Bury):
            if not out or not isinstance(out[-1], Scout) or out[-1].bury is not None:
                raise AbilitySyntaxError("'it' is the card looked at, and no card is looked "
                                         "at just before it", *e.span, code="RF914",
                                         hint=f"write '{LOOK[:1].upper()}{LOOK[1:]}. You may "
                                              f"{BURY}.'")
            out[-1] = replace(out[-1], bury="may" if e.may else "must",
                              span=(out[-1].span[0], e.span[1]))
            continue
        for inner in getattr(e, "effects", ()):
            if isinstance(inner, _Bury):
                raise AbilitySyntaxError("'it' is the card looked at, and no card is looked "
                                         "at just before it", *inner.span, code="RF914",
                                         hint=f"write 'You may {BURY}.' right after the look")
        out.append(e)
    return out


def print_scout(e: Scout) -> str:
    if e.bury is None:
        return LOOK
    return f"{LOOK}. {'You may put' if e.bury == 'may' else 'Put'}{BURY[3:]}"
