"""An adversary's behaviour said in sentences with no subject (issue 32, branch dsight).

An adversary's card may state its turn as a card reader writes it, with the verb in the third
person and no subject: "Moves 4 spaces towards the nearest hero.", "Moves towards the most
wounded hero, then attacks it.", "Moves 1 space away from the nearest hero." The subject is
the card's adversary (as "Does not move.", branch dmove, and "Attacks the nearest hero.",
branch dtarget), so the sentence says what "This adversary moves 4 spaces towards the nearest
hero." says:

* :func:`own_subject` gives such a clause its subject — only a move with a direction
  (towards or away from someone), only with the verb in the third person ("Move 3 spaces
  towards the nearest adversary." is still a hero's imperative), only with no "you" and no
  modal;
* :func:`activation_move` makes a rule whose effects are the adversary's own moves (and then
  its own attacks) the trigger of its activation, ``When this adversary is activated, …``
  (printed so): the move is its move of the turn, the attack its attack of the turn, once
  (IR ``replaces``, branch dfix; the engine's ``game/adversaries._turn``). Before this such a
  rule was RF918 (an effect that happens at no time).

A move with no destination ("Moves up to 6 spaces.") says nothing the engine can do: an
adversary's own move goes towards or away from someone (RF925, with that hint)."""

from __future__ import annotations

from dataclasses import replace

from . import nodes as n
from .approach import Approach
from .words import Clause, Who

KINDS = ("move", "approach")


def own_subject(clause: Clause, base_form) -> Clause:
    """The clause with the card's adversary as its subject when it is a move of the
    adversary's with its subject left out (see the module's docstring); else unchanged."""
    p = clause.pred
    if clause.subject is not None or clause.said_you or clause.modal or p.verb is None \
            or p.kind not in KINDS or p.data.get("dir") is None or p.data.get("obj"):
        return clause
    word = str(p.verb).lower()
    if word == base_form(word):          # "Move 3 spaces towards …": the hero's imperative
        return clause
    at = (p.verb.start_pos, p.verb.end_pos)
    return replace(clause, subject=Who(n.Selector("self", "adversary", span=at)))


def _own(sel) -> bool:
    return sel is not None and sel.quantity == "self" and sel.side == "adversary" \
        and not sel.filters


def _own_move(e) -> bool:
    return isinstance(e, (n.Shift, Approach)) and _own(e.target) and (
        not isinstance(e, n.Shift) or e.towards is not None)


def _own_strike(e) -> bool:
    return isinstance(e, n.Strike) and _own(e.by)


def activation_move(ability):
    """A rule that only moves the adversary itself (then, maybe, makes it attack) as the
    trigger of its activation; anything else unchanged."""
    if not isinstance(ability, n.Constant) or ability.limit is not None:
        return ability
    effects = ability.effects
    if not effects or not _own_move(effects[0]) \
            or not all(_own_move(e) or _own_strike(e) for e in effects):
        return ability
    who = n.Selector("self", "adversary", span=effects[0].target.span)
    start = ability.span[0]
    return n.Trigger("activated", tuple(effects), None, ability.span, who, ability.name, None,
                     (start, start))
