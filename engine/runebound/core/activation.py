"""Items that cannot be activated (issue 32, session rbrules): "Items cannot be activated."
bars every ability of an Item whose cost is activating it (``activate_items``); "... during this
combat" bars it in a combat only (``activate_items_in_combat``; a challenge's rule holds while it
is faced, so on a challenge the two are the same). Resolver.refusal asks :func:`activation_bar`;
the combat kernel bars the same abilities in its legality (kernel_abilities.legal)."""

from __future__ import annotations

from .rerolls_rbnp import reroll_bar  # branch rbnp: "reroll a failed combat roll"
from .rerolls_rbroll import attack_reroll_bar  # branch rbroll: "reroll a failed attack roll"

ACTIONS = ("activate_items", "activate_items_in_combat")


def activation_bar(engine, kind: str, ability) -> str | None:
    """Why ``ability`` of a card of ``kind`` cannot be used now, or None."""
    why = reroll_bar(engine, ability) or attack_reroll_bar(engine, ability)  # rbnp, rbroll
    if why:
        return why
    if kind != "item" or "activate" not in ability.cost_ops:
        return None
    for action in ACTIONS:
        if action == ACTIONS[1] and not engine.moment.in_combat:
            continue
        card = engine.restricted(action)
        if card is not None:
            return f"Items cannot be activated ({engine.catalog.card(card).name})"
    return None
