"""A hero made to give up unspent hero dice (issue 32, branch delveseven): "Each time a hero
misses this adversary with an attack, that hero must discard one unspent hero die." (also
"discards 1 hero die", "loses 2 unspent dice", "discard one of their unspent dice").

``<heroes> discard(s) N [unspent] [hero] dice`` (:class:`Discard`) is an adversary's effect:
each hero it picks sets aside N of the dice still on its card, its player choosing which
(game/discard.py); the dice are neither spent nor rerolled. IR ``{"op": "discard",
"targets", "dice"}``.

A hero holds unspent dice only in its own turn (R1: rolled at its start, set aside at its
end), so the effect runs only in an adversary's triggers that fire in a hero's turn: on a miss
(``missed``), a hero moving adjacent (``approached``), a wound, a push or a pull, its death.
Refused (checks.py calls :func:`discard_problems`): in any other trigger or rule (RF984: in
the adversary phase or on the clock no hero holds a die); on a hero's card (RF925, owners.py);
naming adversaries (RF913) or 0 dice (RF912)."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import Pred, span_of, spanned_rules, tok

IN_A_HEROS_TURN = ("missed", "approached", "wounded", "pushed", "pulled", "slain",
                   "move_ended")   # branch dmove


@astnode
class Discard:
    """``<heroes> discard N unspent hero dice``."""

    target: n.Selector
    dice: int
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class DiscardWords(Transformer):
    """The transformer's rule (delve.lark, branch delveseven)."""

    def discard(self, meta, ch):
        verb = tok(ch, "DISCARD") or tok(ch, "LOSE")
        count = next(c for c in ch if isinstance(c, tuple) and isinstance(c[0], int))
        return Pred("discard", verb, span_of(meta), {"n": count[0]})


def build(who, d: dict, span) -> Discard:
    return Discard(who or n.Selector("self", span=span), d["n"], span)


def print_discard(e: Discard, print_selector, verb) -> str:
    word = "die" if e.dice == 1 else "dice"
    if e.target.quantity == "self" and e.target.side is None:
        return f"discard {e.dice} unspent hero {word}"
    return (f"{print_selector(e.target)} {verb(e.target, 'discard', 'discards')} {e.dice} "
            f"unspent hero {word}")


def _walk(effects):
    for e in effects:
        yield e
        yield from _walk(getattr(e, "effects", ()))
        yield from _walk(getattr(e, "instead", None) or ())


def discard_problems(ability) -> list[Problem]:
    out = []
    event = getattr(ability, "event", None)
    for e in _walk(ability.effects):
        if not isinstance(e, Discard):
            continue
        if e.dice < 1:
            out.append(Problem("RF912", "discarding 0 dice does nothing", e.span, "use 1 or "
                               "more"))
        if e.target.side == "adversary" or e.target.quantity == "self":
            out.append(Problem("RF913", "only heroes hold hero dice", e.target.span,
                               "name a hero: 'that hero discards 1 unspent hero die'"))
        if event not in IN_A_HEROS_TURN:
            out.append(Problem("RF984", "a hero holds unspent dice only in its own turn; this "
                               "happens when no hero holds any", e.span,
                               "put it in a rule that fires in a hero's turn: 'Each time a "
                               "hero misses this adversary with an attack, that hero discards "
                               "1 unspent hero die.'"))
    return out
