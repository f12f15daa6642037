"""Trigger events of more verbs of a trigger's clause (issue 32, branch rbtrig2).

* ``escaped`` — "you escape": fired by :func:`escaped` once the Hero's escape roll succeeds (a
  fight with a challenge or a duel), before the Hero leaves the fight, so what it runs still
  happens in the combat (the default matcher: the Hero who escaped holds the rule).
* ``test_result`` — "you fail a Spirit test": fired by :func:`test_done` once the roll of a
  skill test is known, before the test's outcome ("If you fail, ...") runs.

The matcher of ``test_result`` is data of :data:`~.effects.EVENT_MATCHERS`, as the other later
families' are.
"""

from __future__ import annotations

from .effects import EVENT_MATCHERS


def escaped(engine, hero) -> None:
    """Fire ``escaped`` for ``hero``, whose escape roll succeeded."""
    engine.fire({"kind": "escaped", "hero": hero.id})


def test_done(engine, hero, attribute: str, skill: str | None, ok: bool) -> None:
    """Fire ``test_result`` for ``hero``'s test of ``attribute`` (and ``skill``)."""
    engine.fire({"kind": "test_result", "hero": hero.id, "attribute": attribute,
                 "skill": skill, "success": ok})


test_done.__test__ = False  # not a pytest function


def _test_result(trigger: dict, event: dict, ctx) -> bool:
    if event.get("hero") != ctx.owner.id or event["success"] != trigger["success"]:
        return False
    if trigger["attribute"] not in (None, event["attribute"]):  # None: any (branch rbroll)
        return False
    wanted = trigger.get("skill")
    return wanted is None or (event.get("skill") or "").lower() == wanted.lower()


EVENT_MATCHERS["test_result"] = _test_result

__all__ = ["escaped", "test_done"]
