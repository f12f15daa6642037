"""A basic action taken by name (issue 32, session delve9): "Take a Move action.", "you may
take the Recover action without spending a die", "Take an Explore action."; and its
prohibition "Heroes adjacent to this adversary cannot take the Recover action." (the
adversary's rule ``forbid``, as "cannot recuperate").

Taken inside an ability it is free: the ability's own cost (or none, for a trigger) is what is
paid, so "without spending a die" is read and dropped. A Move action moves the hero up to its
Move (its card's, with its bonuses); a Recuperate action heals 1 wound and fires the hero's
"every time you recuperate" rules, but costs no die, so the next paid Recuperate costs no more
(R14); an Explore action is the ability's ``explore``. (engine/delve/game/basic.py)"""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .words import Pred, span_of, spanned_rules, tok

ACTS = ("move", "recuperate")
NAMES = {"move": "Move", "recuperate": "Recuperate"}


@astnode
class TakeAction:
    """``take a Move action`` / ``take a Recuperate action`` (a free basic action)."""

    act: str
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    # heroes who take it, each moving where its own player chooses (session delve10:
    # "Another hero in your chamber may take a Move action."); None: you
    who: n.Selector | None = None


@spanned_rules
class BasicActionWords(Transformer):
    """The transformer's rules (delve.lark, session delve9)."""

    def take_action(self, meta, ch):
        act = "explore" if tok(ch, "EXPLORE") else "move" if tok(ch, "MOVE") else "recuperate"
        return Pred("take_action", tok(ch, "TAKE"), span_of(meta), {"act": act})


def build(d: dict, span, who: n.Selector | None = None):
    if who is not None:
        return others_take(d, span, who)
    if d["act"] == "explore":
        return n.Explore(span)
    return TakeAction(d["act"], span)


def others_take(d: dict, span, who: n.Selector):
    """Heroes named as the subject take the action (session delve10): a Move or a Recuperate;
    the Explore action, or adversaries, are refused at the subject."""
    if who.side != "hero" or d["act"] == "explore":
        what = "an adversary takes no hero's basic actions" if who.side != "hero" else \
            "only you explore, in your own turn"
        raise AbilitySyntaxError(what, *who.span, code="RF925",
                                 hint="write 'Another hero in this chamber may take a Move "
                                      "action.' (a Move or a Recuperate action)")
    return TakeAction(d["act"], span, who)


def print_take(e: TakeAction, print_selector=None) -> str:
    if e.who is not None:
        return f"{print_selector(e.who)} may take a {NAMES[e.act]} action"
    return f"take a {NAMES[e.act]} action"
