"""Branch rbattack2: the kind of attack a trigger on an attack's result names ("When this Ally
succeeds at a melee attack", "Every time you fail a ranged attack"). The trigger's IR carries
``phase``; the event ``attack_result`` carries the phase of the attack rolled (a combat phase's
attack, or an ability's attack of that kind). A trigger with no ``phase`` matches every attack."""

from __future__ import annotations


def attack_kind_matches(trigger: dict, event: dict) -> bool:
    wanted = trigger.get("phase")
    return wanted is None or event.get("phase") == wanted


__all__ = ["attack_kind_matches"]
