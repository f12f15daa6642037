"""Whom an adversary's attack targets, and its attack line said in prose (issue 32, part III,
branch dtarget).

An adversary's card says whom it attacks with a selector (the nearest, the most or fewest
wounded, each, every …) and its filters (adjacent to it, visible, in its chamber …); those
forms exist (session delve8: ``This adversary attacks the hero with the most wounds.``). This
module lets authors say them in their own words and gives an attack line with its own numbers
the meaning a card reader gives it:

* **the subject left out** (:func:`left_out`): on an adversary's card a sentence may open with
  the verb in the third person, "Attacks the most wounded hero it can see.", "Makes a missile
  attack against each visible hero." — the subject is the adversary. Read so only when the
  verb is in the third person and the attack is at heroes (a hero's imperative "Attack an
  adversary …" is untouched; at adversaries the sentence keeps its meaning).
* **an attack line is the activation's attack** (:func:`activation_attack`): a rule that only
  makes the adversary attack, with its own Hit and Damage ("This adversary attacks each hero
  in its chamber. Hit 5+, Damage 1."), was RF918 (an effect that happens at no time). An
  adversary's attack line is the attack of its turn in the adversary phase: the rule is the
  trigger ``When this adversary is activated, …`` (branch dfix: its behaviour leaves the
  attack out and it attacks as the text says, once; IR ``replaces: [attack]``). Without Hit
  and Damage the rule still says whom its weapons aim at (``traits.aims``), as before.
* **words** (:func:`target_words`, a tokenizer pass): "… in turn" after the attack's targets
  is read and dropped (each target gets its own roll, A1); "(that) it can reach" is the
  weapon's reach, which the engine already asks (its targets are among those its weapon
  reaches), and is dropped; "targets" after the adversary ("it always targets the hero …") is
  "attacks"; "When this adversary attacks, it [always] targets | attacks <who>" is the rule
  "This adversary attacks <who>" (whom each of its attacks goes to); "wound markers" are
  wounds; "suffers a wound but is not slain" is "suffers a wound" (its rules on a wound run
  only while it stands).
* **its attack wounded a hero** (:class:`TargetWords`): the event "When this adversary | it
  wounds a hero, …" (``wounds``; "that hero" is the hero; engine game/wounds_dtarget.py).
"""

from __future__ import annotations

from lark import Transformer

from . import nodes as n
from .words import YOU, Who, span_of, spanned_rules

_DETERMINERS = ("THE", "A", "EACH", "EVERY", "ALL", "ANY", "ONE", "NEAREST", "ANOTHER",
                "NUMBER", "UP")
_ENDS = ("DOT", "COMMA", "COLON", "SEMI")


def _is(t, kind: str, *words: str) -> bool:
    return t.type in (kind, "WORD") and (not words or str(t).lower() in words) \
        and (t.type == kind or bool(words))


def target_words(toks: list) -> list:
    """The tokenizer pass (see the module's docstring)."""
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1:i + 8]
        kinds = [x.type for x in nxt]
        # "When this adversary attacks, it [always] targets | attacks …": the rule
        if t.type == "WHEN" and kinds[:4] == ["THIS", "ADVERSARY", "ATTACK", "COMMA"] \
                and _is(nxt[2], "ATTACK", "attacks") and kinds[4:5] == ["IT"]:
            rest = nxt[5:]
            if rest and rest[0].type == "ALWAYS":
                rest = rest[1:]
            if rest and (_is(rest[0], "ATTACK", "attacks") or _is(rest[0], "TARGET",
                                                                     "targets")):
                i += 5          # drop "When this adversary attacks ,"; "it" is the subject
                continue
        # "… in turn." after the targets: each target has its own roll already (A1)
        if t.type == "IN" and kinds[:1] == ["TURN"] and (len(kinds) == 1
                                                         or kinds[1] in _ENDS):
            i += 2
            continue
        # "(that | who) it can reach": its weapon's reach, which the engine asks anyway
        lead = 1 if t.type in ("THAT", "WHO") else 0
        seq = toks[i + lead:i + lead + 3]
        if [x.type for x in seq[:2]] == ["IT", "CAN"] and len(seq) == 3 \
                and seq[2].type == "WORD" and str(seq[2]).lower() == "reach" \
                and out and out[-1].type in ("HERO", "WOUND", "VIGOUR", "RENOWN", "VISIBLE",
                                             "CHAMBER", "ADJACENT"):
            i += lead + 3
            continue
        # "suffers a wound but (and) is not slain": the rules on a wound run only for a figure
        # the wound left standing (events.wounded), so the words add nothing
        if t.type in ("AND", "WORD") and str(t).lower() in ("and", "but") and out \
                and out[-1].type == "WOUND" and [x.type for x in nxt[:3]] == ["IS", "NOT",
                                                                             "SLAIN"]:
            i += 4
            continue
        # "wound markers" are wounds (the tokens on a figure's card)
        if t.type == "WORD" and str(t).lower() in ("marker", "markers") and out \
                and out[-1].type == "WOUND":
            i += 1
            continue
        # "it always targets the hero …": "targets" is "attacks"
        if _is(t, "TARGET", "targets") and out and out[-1].type in ("ALWAYS", "IT",
                                                                    "ADVERSARY") \
                and kinds[:1] and kinds[0] in _DETERMINERS:
            t.type = "ATTACK"
        out.append(t)
        i += 1
    return out


def left_out(clause, d: dict, base_form) -> bool:
    """Whether the clause is an adversary's attack with its subject left out: no subject, a
    verb in the third person ("Attacks …", "Makes a … attack against …"), at heroes."""
    verb = clause.pred.verb
    if clause.subject is not None or clause.said_you or clause.modal or verb is None:
        return False
    word = str(verb).lower()
    obj = d.get("obj")
    return word != base_form(word) and isinstance(obj, n.Selector) and obj.side == "hero"


def _own_strike(e) -> bool:
    return isinstance(e, n.Strike) and e.by is not None and e.by.side == "adversary" \
        and e.by.quantity == "self"


def activation_attack(ability):
    """A rule that only makes the adversary attack, with its own Hit and Damage, as the
    trigger of its activation (its attack of the turn); anything else unchanged."""
    if not isinstance(ability, n.Constant) or ability.limit is not None:
        return ability
    effects = ability.effects
    if not effects or not all(_own_strike(e) for e in effects) \
            or not any(e.hit is not None for e in effects):
        return ability
    who = n.Selector("self", "adversary", span=effects[0].by.span)
    start = ability.span[0]
    return n.Trigger("activated", tuple(effects), None, ability.span, who, ability.name, None,
                     (start, start))


@spanned_rules
class TargetWords(Transformer):
    """The event "<this adversary | it> wounds <a hero>" (delve.lark, branch dtarget): its
    attack wounded a hero (engine/delve/game/wounds_dtarget.py)."""

    def ev_wounds(self, meta, ch):
        whos = [c for c in ch if isinstance(c, Who)]
        actor = "you" if any(c is YOU for c in ch) else whos[0].sel
        if isinstance(actor, n.Selector) and actor.quantity == "it":   # "it": the adversary
            actor = n.Selector("self", "adversary", span=actor.span)
        return {"event": "wounds", "who": actor, "obj": whos[-1].sel, "span": span_of(meta)}
