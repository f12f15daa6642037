"""How the wounds of one attack are counted (branch rbdamage): the damage rules of held cards,
of a challenge faced and of durations, read in one place.

A damage rule is one record (IR op ``damage_rule``)::

    {"op": "damage_rule", "mode": "add" | "multiply" | "cap", "value": N,
     "target": <figure>, "side": "deals" | "takes",
     "phase": null | "ranged" | "melee" | "magic",   # the attack's phase (null: any)
     "colours": [...],                                 # optional: the other figure's colour
     "roll": null | "attack" | "defend",              # optional: the wounded figure's failed roll
     "margin": N}                                      # optional (add): a hit beating its target by N

``side`` "deals": the wounds ``target`` inflicts with an attack ("Double your melee damage",
"this Ally inflicts double damage against blue and red challenges", "Double all wounds this
challenge inflicts during the Melee phase"); "takes": the wounds ``target`` takes from an
attack ("This challenge takes only 1 wound from any successful attack", "Your Hero takes no
wounds from a failed defend roll this phase"). ``mode`` "add" adds ``value`` wounds to a hit
whose roll beat its target by ``margin`` or more ("If your magic attack succeeds by 5 or more,
inflict 1 additional wound"); "multiply" multiplies them by ``value``; "cap" lets at most
``value`` of one attack through. ``colours`` names the colour of
the other figure of the attack (the one wounded for "deals", the one wounding for "takes");
``roll`` the wounded figure's own roll that failed and sent the wounds ("defend": a failed
defence; "attack": its failed attack, never another figure's hit on it).

The combat rolls (:mod:`.rolls`) ask :func:`attack_wounds` for the wounds of each attack's
result before they are inflicted: first every additional wound is added (``extra_wounds``),
then the wounds of the
thresholds a hit reached are added, then the multipliers in force multiply the sum, then the lowest cap in force caps it. Wounds an
ability's own text inflicts ("If you succeed, inflict 2 wounds") are not an attack's damage and
are counted as written. The exact combat kernel leaves the rule to this engine
(combat/kernel_plan.ENGINE_ONLY_OPS); the exact odds model reports it as not modelled
(analysis/before_model.NOT_MODELLED).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .effects import EXTRA_BUILDERS
from .effects_combat import _rules, _StandingRule
from .ir_rbdamage import COLOURS, MODES, OP, PHASES, ROLLS, SIDES, schema  # noqa: F401


@dataclass
class DamageRule(_StandingRule):
    mode: str
    value: int
    target: str
    side: str = "deals"
    phase: str | None = None
    colours: list = field(default_factory=list)
    roll: str | None = None
    margin: int | None = None
    op = OP

    def ir(self) -> dict:
        out = {"op": OP, "mode": self.mode, "value": self.value, "target": self.target,
               "side": self.side, "phase": self.phase}
        if self.colours:
            out["colours"] = list(self.colours)
        if self.roll:
            out["roll"] = self.roll
        if self.margin is not None:
            out["margin"] = self.margin
        return out

    def applies(self, phase: str | None, other, roll: str, margin: int | None) -> bool:
        """Does the rule count the wounds of an attack of ``phase`` whose other figure is
        ``other``, sent by ``roll`` ("hit": the dealer's attack succeeded; "attack" / "defend":
        the wounded figure's own attack / defence failed; ``margin``: by how much the hit's roll
        beat its target, None for the wounds of a failed roll)?"""
        if self.margin is not None and (margin is None or margin < self.margin):
            return False
        if self.phase is not None and self.phase != phase:
            return False
        if self.roll is not None and self.roll != roll:
            return False
        return not self.colours or getattr(other, "colour", "") in self.colours


def build(ir: dict) -> DamageRule:
    return DamageRule(ir["mode"], ir["value"], ir["target"], ir.get("side", "deals"),
                      ir.get("phase"), list(ir.get("colours") or ()), ir.get("roll"),
                      ir.get("margin"))


EXTRA_BUILDERS[OP] = build


def attack_wounds(engine, dealer, victim, phase: str | None, amount: int, roll: str,
                  margin: int | None = None) -> int:  # roll: "hit", or the victim's failed one
    """The wounds ``dealer``'s attack result puts on ``victim`` (``amount`` before the damage
    rules: the damage and every additional wound), after the thresholds, multipliers and caps
    in force (``margin``: by how much ``dealer``'s hit beat its target; None: no hit).
    Each change is logged ``wounds_counted`` with the card whose rule made it."""
    if amount <= 0 and margin is None:  # nothing to count, and no hit to add to
        return amount
    found = [(card, rule, victim) for card, rule in _rules(engine, OP, dealer)
             if rule.side == "deals"]
    found += [(card, rule, dealer) for card, rule in _rules(engine, OP, victim)
              if rule.side == "takes"]
    found = [(card, rule) for card, rule, other in found
             if rule.applies(phase, other, roll, margin)]
    if not found:
        return amount
    for mode in MODES:  # add first, then multiply, then cap
        for card, rule in found:
            if rule.mode != mode:
                continue
            new = amount + rule.value if mode == "add" else \
                amount * rule.value if mode == "multiply" else min(amount, rule.value)
            if new != amount:
                engine.log.emit("wounds_counted", figure=victim.id, by=dealer.id, mode=mode,
                                value=rule.value, old=amount, new=new, source=card,
                                phase=phase)
            amount = new
    return amount
