"""Trigger events of branch rbcost (issue 32): a Hero's act said with its subject.

* ``hero_act`` — "you rest", "another Hero rests", "any Hero hires an Ally": fired by
  :func:`hero_act` where the game does the act (the turn's rest, after the exhaustion is
  removed; the market's hire, once the Ally is with the Hero). The trigger's ``who`` says whose
  act sets it off: ``you`` (the Hero who holds the card), ``another`` (any other Hero), ``any``.

The matcher of ``hero_act`` is data of :data:`~.effects.EVENT_MATCHERS` (:data:`MATCHERS`, added
by effects.py, as effects_place's are); ``other_act`` is matched by ``Trigger.matches`` with :func:`other_actor`.
"""

from __future__ import annotations


def hero_act(engine, hero, verb: str, **fields) -> None:
    """Fire ``hero_act`` for ``hero``, who did ``verb`` (``rest``, ``hire``); ``fields``: the
    act's object (branch rbwho: ``card``, the Ally hired)."""
    engine.fire({"kind": "hero_act", "hero": hero.id, "verb": verb, **fields})


def _hero_act(trigger: dict, event: dict, ctx) -> bool:
    if event.get("verb") != trigger["verb"]:
        return False
    mine = event.get("hero") == ctx.owner.id
    return {"you": mine, "another": not mine, "any": True}.get(trigger["who"], False)


MATCHERS = {"hero_act": _hero_act}


def other_actor(trigger: dict, event: dict, ctx, engine):
    """``other_act`` ("another Hero buys an Item", "any Hero fails a Spirit test"): the Hero who
    did the act of ``event`` when it is the act of "you" the trigger names (``trigger["event"]``,
    matched by ``Trigger.matches`` as if that Hero held the card) and the subject allows that
    Hero (``another`` leaves out the card's own Hero); else None. What the trigger runs is still
    the card holder's."""
    inner = trigger["event"]
    if event["kind"] != inner["kind"]:
        return None
    acting = event.get("hero")
    if acting is None and inner["kind"] == "takes_wounds":
        acting = event.get("figure")
    hero = next((h for h in engine.state.heroes if h.id == acting), None)
    if hero is None or (trigger["who"] == "another" and hero.id == ctx.owner.id):
        return None
    return hero


__all__ = ["MATCHERS", "hero_act", "other_actor"]
