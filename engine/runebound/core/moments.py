"""The conditions ``moment`` and ``ally_none`` (branch rbtime, issue 32).

``moment``: a moment of a combat, "it is the magic phase", "it is the first combat round", "it
is the ranged phase of the first combat round". It holds while the combat under way is at that step: its phase (``phase``, or any when None) of
its round (``round``, or any when None; Before Combat is round 0, no round of the count). Outside
a combat it never holds. With neither ("you are in combat"), it holds in every step of a
combat, Before Combat and the escape step too. The engine's ``moment`` (core/windows.Moment) says where the game is.

``ally_none``: "this Ally has no wounds" (no exhaustion), of the Ally card that says it.
"""

from __future__ import annotations


def at_moment(engine, condition: dict) -> bool:
    moment = engine.moment
    phase, rnd = condition.get("phase"), condition.get("round")
    if phase is None and rnd is None:  # "you are in combat": any step of it
        return moment.in_combat
    if not moment.in_combat or moment.round < 1:
        return False
    if phase is not None and moment.step != phase:
        return False
    return rnd is None or moment.round == rnd


def ally_none(hero, ally_id: str, token: str) -> bool:
    """The condition ``ally_none``: the Ally of ``ally_id`` (the card's own) with ``hero`` has
    no ``token`` (wound, exhaustion) on it; False when the Hero has no such Ally."""
    ally = next((a for a in getattr(hero, "allies", ()) if a.id == ally_id), None)
    if ally is None:
        return False
    return getattr(ally, "wounds" if token == "wound" else "exhaustion") == 0


__all__ = ["ally_none", "at_moment"]
