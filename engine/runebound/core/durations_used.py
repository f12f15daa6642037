"""How long a rule used, not said with a duration, lasts (branch runs, "what compiles runs").

"Melee: You receive +2 Body." lasts to the end of the combat round, "Your Allies cannot attack."
used in a combat to the end of the combat. Used outside a combat ("After combat, you receive
+2 Mind.", "At the start of your turn, you cannot buy Items."), they lasted to the end of a
combat round (a combat) in a later turn; they now last to the end of the turn they were used
in."""

from __future__ import annotations


def used_until(ctx, in_combat: str) -> str:
    """``in_combat`` (an end in the combat) when used in a combat, else the end of the turn."""
    moment = getattr(ctx.engine, "moment", None)
    return in_combat if moment is None or moment.in_combat else "end_of_turn"


__all__ = ["used_until"]
