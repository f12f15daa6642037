"""Lowering of branch rbwound's forms to the effect IR, registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of
lower/__init__.py; this module does not import it). A standing rule: the class is one of
``nodes.COMBAT_STANDING``."""

from __future__ import annotations

from dataclasses import replace

from runeforge.dsl.runebound import nodes as n


def register(effect) -> None:
    @effect.register
    def _(node: n.CancelFirst) -> list[dict]:
        # the first ``value`` wounds inflicted on ``target`` in each combat / combat round
        return [{"op": "cancel_first", "target": node.subject, "value": node.value,
                 "per": node.per}]


PHASES = ("ranged", "melee", "magic")


def priced_phase_wounds(a: n.Ability) -> n.Ability | None:
    """"Melee: You may exhaust this card to deal 1 additional wound to your enemy." (a price or
    a limit under a phase's tag, additional wounds on the enemy and nothing else, no attack in
    the text): the wounds go on top of the Hero's attacks of that phase, when they hit, until the
    phase ends - the ability "Melee: <costs>. Until the end of this phase, your melee attacks
    inflict 1 additional wound." lowers to (None: not that shape). With no price it is the
    always-on rule (dsl parser_verbs.phase_extra_wounds)."""
    if a.tag not in PHASES or not (a.costs or a.limits) or a.window or len(a.sentences) != 1:
        return None
    s = a.sentences[0]
    if type(s) is not n.InflictAdditional or s.target != "enemy" or s.amount.kind != "fixed":
        return None
    rule = n.ExtraWounds(s.amount.values[0], a.tag, span=s.span)
    return replace(a, sentences=(n.During("end_of_phase", rule, span=s.span),))


def challenge_phase_wounds(a: n.Ability) -> n.Ability | None:
    """"Melee: Inflict 1 additional wound on your Hero." on a challenge card (nothing else, no
    price): the challenge's own attack of that phase deals a wound more when it hits - "Melee:
    This challenge receives +1 melee damage." (None: not that shape; the checks keep RF425 for
    it on any other card, where it names no attack)."""
    if a.tag not in PHASES or a.costs or a.limits or a.window or len(a.sentences) != 1:
        return None
    s = a.sentences[0]
    if type(s) is not n.InflictAdditional or s.target != "hero" or s.amount.kind != "fixed":
        return None
    rule = n.Modifier("this_challenge", f"{a.tag}_damage", s.amount.values[0], span=s.span)
    return replace(a, sentences=(rule,))


def lowered(lower_before):
    """``lower`` that lowers a priced additional wound of a phase as its rule (the source text
    stays the author's canonical form)."""
    def lower(ability: n.Ability) -> dict:
        rule = priced_phase_wounds(ability) or challenge_phase_wounds(ability)
        if rule is None:
            return lower_before(ability)
        return {**lower_before(rule), "source": lower_before(ability)["source"]}

    return lower
