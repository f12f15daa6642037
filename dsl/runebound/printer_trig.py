"""Canonical English of a trigger's clause said of its subject (issue 32, branch rbtrig),
registered on printer.event by :func:`with_events` (printer.py calls it; this module does not
import it). The verb agrees with the subject: "you attack and succeed", "this Ally attacks and
fails"; what the attack is against is the enemy either way and is not printed."""

from __future__ import annotations

from . import nodes as n


def attack_result(e: n.AttackResult) -> str:
    if e.phase:  # branch rbattack2: that phase's attacks only
        from .printer_rbattack2 import phased

        return phased(e)
    if e.who == "this_ally":
        return f"this Ally attacks and {'succeeds' if e.success else 'fails'}"
    return f"you attack and {'succeed' if e.success else 'fail'}"


def with_events(inner):
    """printer.event, taught "this Ally is discarded" and "you attack and fail"."""

    def event(e) -> str:
        if isinstance(e, n.AttackResult):
            return attack_result(e)
        if isinstance(e, n.AllyDiscarded):
            return "this Ally is discarded"
        return inner(e)

    return event


__all__ = ["attack_result", "with_events"]
