""""Reroll a failed combat roll" (branch rbnp): the reroll is offered right after a combat roll
that failed only; after a roll that succeeded the ability cannot be used (its costs are not
paid). The window of every combat roll is the same (effects_combat.combat_roll); this says which
rolls such an ability may answer.
"""

from __future__ import annotations

from .effects import walk


def reroll_bar(engine, ability) -> str | None:
    """Why ``ability`` cannot be used now because it rerolls failed rolls only, or None."""
    if "reroll" not in ability.effect_ops:
        return None
    if not any(e.op == "reroll" and getattr(e, "failed", False) for e in walk(ability.effects)):
        return None
    pending = getattr(engine, "pending_roll", None)
    if pending is not None and pending["ok"]:
        return "it rerolls a failed combat roll only, and this roll succeeded"
    return None
