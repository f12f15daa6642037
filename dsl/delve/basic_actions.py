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

from dataclasses import dataclass, field

from lark import Transformer, v_args

from . import nodes as n
from .words import Pred, span_of, spanned, tok

ACTS = ("move", "recuperate")
NAMES = {"move": "Move", "recuperate": "Recuperate"}


@dataclass(frozen=True)
class TakeAction:
    """``take a Move action`` / ``take a Recuperate action`` (a free basic action)."""

    act: str
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@v_args(wrapper=spanned)
class BasicActionWords(Transformer):
    """The transformer's rules (delve.lark, session delve9)."""

    def take_action(self, meta, ch):
        act = "explore" if tok(ch, "EXPLORE") else "move" if tok(ch, "MOVE") else "recuperate"
        return Pred("take_action", tok(ch, "TAKE"), span_of(meta), {"act": act})


def build(d: dict, span):
    if d["act"] == "explore":
        return n.Explore(span)
    return TakeAction(d["act"], span)


def print_take(e: TakeAction) -> str:
    return f"take a {NAMES[e.act]} action"
