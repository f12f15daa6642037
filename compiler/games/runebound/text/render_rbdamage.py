"""Localised rules text of branch rbdamage's rule: how an attack's wounds are counted
(multipliers, a cap on the wounds of one attack). Renderer methods installed by
:func:`install` (called at the end of render.py; this module does not import render.py); the
templates join templates.OTHER. A scope ("in the melee phase", "against red challenges", "this
phase") wraps the rule's text as a template of its own, so each locale orders it."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_rbdamage import own_phase

from .terms import Listed

# the clauses with a verb in the three moods (imperative, after 'you may', after a cost's 'to')
VERBS = {
    "effect.damage_rule.yours.2": "double your damage",
    "effect.damage_rule.yours.3": "triple your damage",
    "effect.damage_rule.yours.2.phase": "double your {phase} damage",
    "effect.damage_rule.yours.3.phase": "triple your {phase} damage",
}
TEMPLATES = {
    "effect.damage_rule.deals.2": "{target} inflicts double damage",
    "effect.damage_rule.deals.3": "{target} inflicts triple damage",
    "effect.damage_rule.cap": "{target} takes no more than {wounds} from a single attack",
    "effect.damage_rule.none.defend": "{target} takes no wounds from a failed defence roll",
    "effect.damage_rule.none.attack": "{target} takes no wounds from a failed attack roll",
    "effect.damage_rule.margin": "if your attack succeeds by {margin} or more, inflict {wounds}",
    "effect.damage_rule.margin.phase": "if your {phase} attack succeeds by {margin} or more, "
                                       "inflict {wounds}",
    "event.takes_wounds.attack": "{target} takes {wounds} from a single attack",
    "effect.damage_rule.in_phase": "{rule} in the {phase} phase",
    "effect.damage_rule.against": "{rule} against {colours} challenges",
    "effect.damage_rule.this_phase": "{rule} this phase",
}


def _damagerule(self, node: n.DamageRule, mood: str) -> str:
    phase = self.term("phases", node.phase) if node.phase else None
    scoped = False
    if node.mode == "add":  # "if your magic attack succeeds by 5 or more, inflict 1 ..."
        wounds = self.qty(n.Amount("fixed", (node.value,)), "additional_wound")
        key = "effect.damage_rule.margin" + (".phase" if phase else "")
        slots = {"phase": phase} if phase else {}
        out = self.t(key, margin=str(node.margin), wounds=wounds, **slots)
        scoped = True
    elif node.side == "deals" and node.subject == "hero":
        key = f"effect.damage_rule.yours.{node.value}" + (".phase" if phase else "")
        out = self.verb(key, mood, phase=phase) if phase else self.verb(key, mood)
        scoped = True
    elif node.side == "deals":
        out = self.t(f"effect.damage_rule.deals.{node.value}",
                     target=self.term("targets", node.subject))
    elif node.roll:
        out = self.t(f"effect.damage_rule.none.{node.roll}",
                     target=self.term("targets", node.subject))
    else:
        out = self.t("effect.damage_rule.cap", target=self.term("targets", node.subject),
                     wounds=self.qty(n.Amount("fixed", (node.value,)), "wound"))
    if phase and not scoped:
        out = self.t("effect.damage_rule.in_phase", rule=out, phase=phase)
    if node.colours:
        colours = Listed(tuple(self.terms.find("colours", c) or c for c in node.colours))
        out = self.t("effect.damage_rule.against", rule=out, colours=colours)
    return out


def install(renderer_cls) -> None:
    plain_during = renderer_cls._during

    def _during(self, node: n.During, mood: str) -> str:
        if mood != "purp" and own_phase(node):  # "double your melee damage this phase"
            return self.t("effect.damage_rule.this_phase",
                          rule=self.effect(node.effect, mood))
        return plain_during(self, node, mood)

    renderer_cls._damagerule = _damagerule
    renderer_cls._during = _during
