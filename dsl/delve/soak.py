"""Wounds of one attack, some prevented (issue 32, session delve9): "Each time you suffer 2
or more wounds from a single attack, prevent 1 of them." (also "Whenever you would suffer at
least 2 wounds from one attack, prevent 1 wound.", and on an adversary's card "Every time
this adversary suffers 3 or more wounds from a single attack, prevent 1 of them.").

It reads like a trigger but is a rule that always holds: the attack's wounds are fewer before
they are dealt. The engine takes them off each attack that hits the figure with that many
wounds or more (an adversary's on a hero, a hero's on an adversary), before a ward takes its
first wound (engine/delve/game/soak.py); wounds an ability deals are no attack's."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import YOU, Clause, Pred, Who, span_of, spanned_rules


@astnode
class Soak:
    """``at_least`` or more wounds of one attack on ``on`` (None: you): ``amount`` fewer."""

    at_least: int
    amount: int
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    on: n.Selector | None = None
    at_most: int | None = None   # only attacks of at most this many wounds (branch dtarget)
    cap: int | None = None       # the attack deals at most this many (branch dtarget)


@spanned_rules
class SoakWords(Transformer):
    """The transformer's rule for the sentence (delve.lark, session delve9)."""

    def soak_rule(self, meta, ch):
        actor = next(c for c in ch if isinstance(c, Who) or c is YOU)
        at_least, amount = [c[0] for c in ch if isinstance(c, tuple) and isinstance(c[0], int)]
        on = None if actor is YOU else actor.sel
        pred = Pred("soak", None, span_of(meta), {"at_least": at_least, "n": amount, "on": on})
        return Clause(None, False, pred, span_of(meta), False)


def build(d: dict, span) -> Soak:
    return Soak(d["at_least"], d["n"], span, d["on"])


def print_soak(e: Soak, print_selector) -> str:
    if e.on is None:
        head = "every time you suffer"
    else:
        head = f"every time {print_selector(e.on)} suffers"
    return (f"{head} {e.at_least} or more wounds from a single attack, prevent {e.amount} of "
            "them")


def soak_problems(e: Soak, owner: str) -> list[Problem]:
    out = []
    if e.cap is not None or e.at_most is not None:   # a cap, or small attacks (dtarget)
        size = e.cap if e.cap is not None else e.at_most
        if size < 1:
            out.append(Problem("RF912", "an amount of 0 does nothing", e.span,
                               "use 1 or more: 'This adversary cannot suffer more than 1 "
                               "wound from a single attack.'"))
    elif e.amount < 1 or e.at_least < 1:
        out.append(Problem("RF912", "an amount of 0 does nothing", e.span,
                           "use 1 or more, or drop the effect"))
    elif e.amount > e.at_least:
        out.append(Problem("RF912", f"an attack of {e.at_least} wounds has no {e.amount} to "
                           "prevent", e.span, f"prevent {e.at_least} of them or fewer"))
    on = e.on
    mine = on is None if owner == "hero" else on is not None and (
        on.quantity == "it" or on.quantity == "self" and on.side == "adversary")
    if not mine:
        out.append(Problem("RF925", "the rule keeps wounds off the figure whose card holds it",
                           on.span if on is not None else e.span,
                           "write 'Every time you suffer …' on a hero's card, 'Every time "
                           "this adversary suffers …' on an adversary's"))
    return out
