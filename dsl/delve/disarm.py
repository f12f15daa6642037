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
from .words import Pred, span_of, spanned_rules, tok


@astnode
class Disarm:
    """``<who> cannot attack`` (lasting, under a duration)."""

    target: n.Selector
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class DisarmWords(Transformer):
    """The transformer's rule (delve.lark, branch delve12)."""

    def disarm(self, meta, ch):
        return Pred("disarm", tok(ch, "CANNOT"), span_of(meta), {})


def build(who, span) -> Disarm:
    return Disarm(who or n.Selector("self", span=span), span)


def print_disarm(e: Disarm, print_selector) -> str:
    return f"{print_selector(e.target)} cannot attack"


def disarm_problems(e: Disarm, lasting_ok, owner: str) -> list[Problem]:
    """What the engine cannot run of the effect (``owner``: the kind of card; its duration:
    checks.py)."""
    out = []
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
