"""Adversaries held back from attacking for a while (issue 32, branch delve12): "Until the
end of the round, each adversary adjacent to you cannot attack.", "Choose a visible
adversary. Until the end of the next adversary phase, it cannot attack." (also "cannot make
attacks"; a duration after the clause reads the same).

The verb is a lasting effect like ``cannot move`` (:class:`~.nodes.Root`): under a duration
(``until``) each adversary the selector picks holds an entry ``disarm`` in the engine's
lasting effects, and while it does it makes no attack — neither in the adversary phase
(game/adversaries.py: it still moves) nor by its own ability (game/foes.strike). IR ``{"op":
"disarm", "targets": <selector>}``, only inside ``until``.

Refused (checks.py calls :func:`disarm_problems`): heroes held back (RF970: a hero's player
chooses its actions; the engine holds back adversaries only), and the effect as a rule that
always holds, with no duration (RF971: "cannot attack" lasts for a while; as a standing rule
an adversary could never attack). With a cost or a trigger and no duration it is RF915, as
every lasting effect is."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import YOU, Pred, Who, span_of, spanned_rules, tok


@astnode
class Disarm:
    """``<who> cannot attack`` (lasting, under a duration)."""

    target: n.Selector
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    # "… cannot attack <who>" / "cannot target <who>" (branch delveseven): the heroes they
    # may not attack; None: no one
    against: n.Selector | None = None


@spanned_rules
class DisarmWords(Transformer):
    """The transformer's rule (delve.lark, branch delve12)."""

    def disarm(self, meta, ch):
        return Pred("disarm", tok(ch, "CANNOT"), span_of(meta), {})

    def disarm_at(self, meta, ch):   # "… cannot attack | target <who>" (branch delveseven)
        who = next(c for c in ch if c is YOU or isinstance(c, Who))
        return Pred("disarm", tok(ch, "CANNOT"), span_of(meta), {"against": _sel(who, meta)})

    def shielded(self, meta, ch):    # "<who> cannot be attacked | targeted [by <who>]"
        who = next((c for c in ch if c is YOU or isinstance(c, Who)), None)
        return Pred("shielded", tok(ch, "CANNOT"), span_of(meta),
                    {"by": None if who is None else _sel(who, meta)})


def _sel(who, meta) -> n.Selector:
    return n.Selector("self", span=span_of(meta)) if who is YOU else who.sel


def build(who, span, against=None) -> Disarm:
    return Disarm(who or n.Selector("self", span=span), span, against)


def build_shielded(who, span, by) -> Disarm:
    """"You cannot be attacked [by adversaries adjacent to you]": the adversaries (each, when
    none are named) may not attack the subject."""
    return Disarm(by or n.Selector("each", "adversary", span=span), span,
                  who or n.Selector("self", span=span))


def print_disarm(e: Disarm, print_selector) -> str:
    if e.against is not None:   # branch delveseven
        whom = "you" if e.against.quantity == "self" and e.against.side is None \
            else print_selector(e.against)
        return f"{print_selector(e.target)} cannot attack {whom}"
    return f"{print_selector(e.target)} cannot attack"


def disarm_problems(e: Disarm, lasting_ok, owner: str) -> list[Problem]:
    """What the engine cannot run of the effect (``owner``: the kind of card; its duration:
    checks.py)."""
    out = []
    if e.against is not None and e.against.side == "adversary":   # branch delveseven
        out.append(Problem("RF982", "adversaries attack heroes only, so they never attack an "
                           "adversary", e.against.span, "name heroes: 'Until the end of the "
                           "round, each adversary adjacent to you cannot attack other "
                           "heroes.'"))
    if e.target.side == "hero" or (e.target.quantity == "self" and owner == "hero"):
        out.append(Problem("RF970", "only adversaries are held back from attacking: a hero's "
                           "player chooses its actions", e.target.span,
                           "name adversaries: 'Until the end of the round, each adversary "
                           "adjacent to you cannot attack.'"))
    if lasting_ok is True:
        out.append(Problem("RF971", "'cannot attack' lasts for a while; as a rule that always "
                           "holds the adversary could never attack", e.span,
                           "give it a duration under a cost or a trigger: '(3+): Until the "
                           "end of the round, each adversary adjacent to you cannot "
                           "attack.'"))
    return out
