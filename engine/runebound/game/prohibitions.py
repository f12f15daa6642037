"""What a Hero is barred from by the cards in force (issue 32, session rbrules): "Heroes cannot
rest.", "You cannot attack other Heroes.", "Heroes cannot be healed in towns.", "Items cannot be
sold." Each is a ``restrict`` rule (ir.RESTRICTIONS); the one of every Hero is named by the act
(``rest``), the one of the card's own Hero by ``own_`` and the act (``own_rest``: the Hero who
holds the card, or faces the challenge; an active event's rule is every Hero's own).

The acts are the data :data:`BARRABLE`; the game asks :func:`barred` where the act is offered
(turn.py's rest, adventure.py's attack on a Hero, market.py's healing and selling)."""

from __future__ import annotations

from ..core.effects_branching import while_ops, while_sources

# act -> whether a card can bar it for its own Hero alone ("own_<act>")
BARRABLE = {"rest": True, "attack_heroes": True, "heal_in_town": True, "sell_items": True}


def barred(game, hero, act: str) -> str | None:
    """The card whose rule bars ``act`` to ``hero`` now, or None."""
    engine = game.combat
    found = engine.restricted(act)
    if found is not None or not BARRABLE[act]:
        return found
    own = f"own_{act}"
    whiles = "restrict" in while_ops(engine.catalog)
    if own not in engine.catalog.restricted_actions and not engine.state.effects and not whiles:
        return None  # no card says it and no duration is in force: the hot path
    sources = [engine.static_sources()]
    if whiles:
        sources.append(while_sources(engine, "restrict"))
    for source in sources:
        for owner, card_id, effect, _x in source:
            if owner is hero and effect.op == "restrict" and effect.action == own:
                return card_id
    return None


__all__ = ["BARRABLE", "barred"]
