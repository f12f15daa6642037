"""The condition ``moment`` (branch rbtime, issue 32): a moment of a combat, "it is the magic
phase", "it is the first combat round", "it is the ranged phase of the first combat round".

It holds while the combat under way is at that step: its phase (``phase``, or any when None) of
its round (``round``, or any when None; Before Combat is round 0, no round of the count). Outside
a combat it never holds. The engine's ``moment`` (core/windows.Moment) says where the game is.
"""

from __future__ import annotations


def at_moment(engine, condition: dict) -> bool:
    moment = engine.moment
    if not moment.in_combat or moment.round < 1:
        return False
    phase, rnd = condition.get("phase"), condition.get("round")
    if phase is not None and moment.step != phase:
        return False
    return rnd is None or moment.round == rnd


__all__ = ["at_moment"]
