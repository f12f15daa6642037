""""Reroll a failed attack roll" (branch rbroll): "If your magic attack fails, you may roll
again." answers a failed attack roll only, not a failed defence roll of the same phase (its
costs are not paid then). The better of two ("roll your combat roll twice and use the higher
result") is effects_combat.reroll's ``better``: the roll succeeds if either roll did.
"""

from __future__ import annotations

from .effects import walk


def attack_reroll_bar(engine, ability) -> str | None:
    """Why ``ability`` cannot be used now because it rerolls failed attack rolls only, or
    None."""
    if "reroll" not in ability.effect_ops:
        return None
    if not any(e.op == "reroll" and getattr(e, "attack", False) for e in walk(ability.effects)):
        return None
    pending = getattr(engine, "pending_roll", None)
    if pending is not None and (pending["ok"] or pending["purpose"] != "attack"):
        return "it rerolls a failed attack roll only, and this roll is not one"
    return None
