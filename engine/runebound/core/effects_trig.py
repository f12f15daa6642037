"""Trigger events of a clause said of its subject (issue 32, branch rbtrig).

* ``attack_result`` — "you attack and fail", "this Ally attacks and succeeds": fired by
  :func:`attack_rolled` once a figure's attack roll is known (a combat phase's attack, or an
  attack an ability makes), before its wounds are dealt. The event ``{"kind": "attack_result",
  "hero", "figure", "success", "phase"}`` names the Hero whose side attacked (the figure itself
  or the Hero who holds the Ally); a trigger's ``who`` picks the Hero (``hero``) or the Ally whose
  card says it (``this_ally``).
* ``ally_discarded`` — "this Ally is discarded": fired by :func:`ally_leaves` while the Ally is
  still held, whenever it goes from the Hero's play to the market's discard pile (defeated, paid
  as its own card's cost, discarded by an effect, lost to a knock-out).

The matchers are data of :data:`~.effects.EVENT_MATCHERS`, as the other later families' are.
"""

from __future__ import annotations

from .effects import EVENT_MATCHERS
from .trig_rbattack2 import attack_kind_matches


def attack_rolled(engine, actor, ok: bool, phase: str | None) -> None:
    """Fire ``attack_result`` for ``actor``'s attack roll (nothing for a figure of no Hero)."""
    owner = actor if actor.kind == "hero" else engine.owner_of(actor)
    if owner is None:
        return
    engine.fire({"kind": "attack_result", "hero": owner.id, "figure": actor.id,
                 "success": ok, "phase": phase})


def ally_leaves(engine, hero, ally_id: str) -> None:
    """Fire ``ally_discarded`` for ``hero``'s Ally ``ally_id``, before it leaves play."""
    engine.fire({"kind": "ally_discarded", "hero": hero.id, "ally": ally_id})


def _attack_result(trigger: dict, event: dict, ctx) -> bool:
    if event.get("hero") != ctx.owner.id or event["success"] != trigger["success"]:
        return False
    if not attack_kind_matches(trigger, event):  # branch rbattack2: "a melee attack"
        return False
    wanted = ctx.owner.id if trigger["who"] == "hero" else ctx.source
    return event["figure"] == wanted


def _ally_discarded(trigger: dict, event: dict, ctx) -> bool:
    return event.get("hero") == ctx.owner.id and event.get("ally") == ctx.source


EVENT_MATCHERS["attack_result"] = _attack_result
EVENT_MATCHERS["ally_discarded"] = _ally_discarded

__all__ = ["ally_leaves", "attack_rolled"]
