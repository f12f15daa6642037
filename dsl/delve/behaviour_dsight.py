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

* "… instead of attacking" (:func:`instead_of_attacking`, the tail beside session delve10's
  "… instead of moving") after what the adversary does as it is activated, or after its
  behaviour sentence ("Moves 3 spaces away from the nearest hero instead of attacking.") is
  its rule for this adversary phase: it does not attack ("Until the end of the adversary
  phase, this adversary cannot attack.", printed so; the engine's disarm). Anywhere else, or
  after an attack of its own, it is RF945 at the words.

A move with no destination ("Moves up to 6 spaces.") says nothing the engine can do: an
adversary's own move goes towards or away from someone (RF925, with that hint)."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .approach import Approach
from .begins import BEFORE_IT_MOVES
from .disarm import Disarm
from .words import Clause, Mod, Who, span_of, spanned_rules

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


def _forgoes(e) -> bool:
    """"Until the end of the adversary phase, this adversary cannot attack." (the tail)."""
    return isinstance(e, n.Until) and e.duration == "end_of_phase" and len(e.effects) == 1 \
        and isinstance(e.effects[0], Disarm) and e.effects[0].against is None \
        and (_own(e.effects[0].target) or e.effects[0].target.quantity == "it")


@spanned_rules
class BehaviourWords(Transformer):
    """The transformer's rule (delve.lark, branch dsight)."""

    def instead_of_attacking(self, meta, ch):
        return Mod("instead_attack", None, span_of(meta))



def wounder_problems(sel, ability) -> list:
    """RF985: "the hero that wounded it" in the trigger of a hero's wound: a hero's wound is
    dealt by adversaries ("the adversary that wounded you" says that one). The hero fits the
    trigger of an adversary's wound (its own, "Every time this adversary suffers a wound", or
    one a hero watches, "Every time an adversary adjacent to you suffers a wound"); outside a
    wound's trigger it is branch dprose's RF914."""
    if sel.quantity != "wounder" or sel.side != "hero":
        return []
    who = getattr(ability, "who", None)
    if not (isinstance(ability, n.Trigger) and ability.event == "wounded") or (
            who is not None and who.side == "adversary"):
        return []
    from .problems import Problem
    return [Problem("RF985", "'the hero that wounded it' follows 'When this adversary suffers "
                    "a wound'", sel.span, "start the ability with 'Every time this adversary "
                    "suffers a wound, …'")]


def _itself(e):
    """The adversary an effect is done by or to, when it is the card's own; else None."""
    for k in ("by", "on", "target"):
        s = getattr(e, k, None)
        if isinstance(s, n.Selector):
            return s if s.quantity == "it" or _own(s) else None
    return None


def instead_of_attacking(effects: list, mod: Mod, trigger) -> list:
    """``effects`` followed by the adversary's rule not to attack in this adversary phase:
    in a trigger that fires before it attacks (whatever it does there: heals, wounds heroes,
    moves), or in a behaviour sentence that only moves it (which :func:`activation_move`
    makes its activation's); after an attack of its own, or anywhere else, RF945."""
    event = trigger[0]["event"] if trigger is not None else None
    own = any(_own_strike(e) for e in effects)
    fits = event in BEFORE_IT_MOVES or (trigger is None and effects
                                        and all(_own_move(e) for e in effects))
    if not effects or own or not fits:
        raise AbilitySyntaxError("'instead of attacking' is an adversary's: what it does, "
                                 "other than an attack, when it is activated", *mod.span,
                                 code="RF945",
                                 hint="write 'Moves 2 spaces away from the nearest hero "
                                      "instead of attacking.' or 'When activated, this "
                                      "adversary recovers 1 wound instead of attacking.' on "
                                      "the adversary's card")
    who = next((w for w in map(_itself, effects) if w is not None),
               n.Selector("self", "adversary", span=mod.span))
    stay = n.Until("end_of_phase", (Disarm(who, mod.span),), mod.span)
    return list(effects) + [stay]


def activation_move(ability):
    """A rule that only moves the adversary itself (then, maybe, makes it attack) as the
    trigger of its activation; anything else unchanged."""
    if not isinstance(ability, n.Constant) or ability.limit is not None:
        return ability
    effects = ability.effects
    if not effects or not _own_move(effects[0]) \
            or not all(_own_move(e) or _own_strike(e) or _forgoes(e) for e in effects):
        return ability
    who = n.Selector("self", "adversary", span=effects[0].target.span)
    start = ability.span[0]
    return n.Trigger("activated", tuple(effects), None, ability.span, who, ability.name, None,
                     (start, start))
