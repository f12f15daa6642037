"""Canonical English of branch rbattack2's event: an attack's result with the attack's kind,
"this Ally makes a melee attack and succeeds", "you make a ranged attack and fail"
(printer_trig.attack_result calls :func:`phased` for an event with a phase)."""

from __future__ import annotations


def phased(e) -> str:
    if e.who == "this_ally":
        return f"this Ally makes a {e.phase} attack and {'succeeds' if e.success else 'fails'}"
    return f"you make a {e.phase} attack and {'succeed' if e.success else 'fail'}"


__all__ = ["phased"]
