"""Branch rbsubj (issue 32): a trigger said of the Hero whose act set it off ("Whenever a Hero
defeats a challenge, that Hero gains 1 gold."): its event (``other_act`` / ``hero_act``) carries
``runs_for: actor`` and its effect runs for the Hero who acted, not for the card's holder.

A card in force for every Hero (the active event: one copy of its rules per Hero) fires so once,
by the acting Hero's own copy; a held card fires for whichever Hero acted. resolver.py calls
:func:`run_context` once a trigger matched.
"""

from __future__ import annotations

from .effects import Context


def _acting(event: dict):
    acting = event.get("hero")
    return event.get("figure") if acting is None and event.get("kind") == "takes_wounds" \
        else acting


def run_context(engine, trigger, event: dict, ctx: Context):
    """The context ``trigger`` (matched for ``ctx.owner``) runs its effect in: ``ctx``, or the
    acting Hero's for ``runs_for: actor``; None when this copy of the rule does not fire."""
    if trigger.event.get("runs_for") != "actor":
        return ctx
    actor = next((h for h in engine.state.heroes if h.id == _acting(event)), None)
    if actor is None:
        return None
    card = engine.catalog.cards.get(ctx.source)
    everyones = getattr(engine, "everyones", None)
    if card is not None and everyones is not None and everyones(card) and \
            actor.id != ctx.owner.id:
        return None  # each Hero's copy of the event's rule fires for that Hero's own act
    return Context(engine, actor, ctx.source, x=ctx.x, phase=ctx.phase)


__all__ = ["run_context"]
