"""The Hero's defence roll as a trigger event (issue 32, session rbdefend).

``defend_result`` — "you fail to defend", "you defend successfully": fired by
:func:`defence_rolled` once a Hero's defence roll in a combat phase is known, before the
enemy's wounds are dealt (a defence an enemy's own attack asks for too). The event
``{"kind": "defend_result", "hero", "success", "phase"}``; a trigger's ``phase`` (bound from its
ability's phase tag by the lowering) matches that phase's roll only, ``null`` every phase's.

The matcher is data of :data:`~.effects.EVENT_MATCHERS`, as the other families' are.
"""

from __future__ import annotations

from .effects import EVENT_MATCHERS


def defence_rolled(engine, hero, ok: bool, phase: str | None) -> None:
    """Fire ``defend_result`` for ``hero``'s defence roll in ``phase``."""
    engine.fire({"kind": "defend_result", "hero": hero.id, "success": ok, "phase": phase})


def _defend_result(trigger: dict, event: dict, ctx) -> bool:
    if event.get("hero") != ctx.owner.id or event["success"] != trigger["success"]:
        return False
    return trigger.get("phase") is None or trigger["phase"] == event.get("phase")


EVENT_MATCHERS["defend_result"] = _defend_result

__all__ = ["defence_rolled"]
