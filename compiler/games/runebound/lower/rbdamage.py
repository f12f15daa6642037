"""Lowering of branch rbdamage's rule (how an attack's wounds are counted) to the effect IR
``damage_rule`` (engine core/damage_rbdamage.py), registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of
lower/__init__.py; this module does not import it). A standing rule: the class is one of
``nodes.COMBAT_STANDING``; "this challenge" becomes "enemy" with the rest of a challenge's
text (lower/core.this_challenge)."""

from __future__ import annotations

from dataclasses import replace

from runeforge.dsl.runebound import nodes as n

PHASES = ("ranged", "melee", "magic")


def register(effect) -> None:
    @effect.register
    def _(node: n.DamageRule) -> list[dict]:
        out = {"op": "damage_rule", "mode": node.mode, "value": node.value,
               "target": node.subject, "side": node.side, "phase": node.phase}
        if node.colours:
            out["colours"] = list(node.colours)
        if node.roll:
            out["roll"] = node.roll
        if node.margin is not None:
            out["margin"] = node.margin
        return [out]


def phase_rule(a: n.Ability) -> n.Ability | None:
    """"Magic: If your attack succeeds by 5 or more, inflict 1 additional wound." (one damage
    rule under a phase's tag, no price, limit or window): that phase's rule, always on - the
    ability "If your magic attack ..." with no tag lowers to (as "Melee: Deal 1 additional
    wound." is "Your melee attacks inflict 1 additional wound."); None: not that shape."""
    if a.tag not in PHASES or a.limits or a.window or a.costs or len(a.sentences) != 1:
        return None
    rule = a.sentences[0]
    if type(rule) is not n.DamageRule or rule.phase not in (None, a.tag):
        return None
    return replace(a, tag=None, sentences=(replace(rule, phase=a.tag),))


def lowered(lower_before):
    """``lower`` that lowers a damage rule alone under a phase's tag as that phase's standing
    rule (the source text stays the author's canonical form)."""
    def lower(ability: n.Ability) -> dict:
        rule = phase_rule(ability)
        if rule is None:
            return lower_before(ability)
        return {**lower_before(rule), "source": lower_before(ability)["source"]}

    return lower
