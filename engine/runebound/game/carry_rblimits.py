"""Carrying limits per Hero (issue 32, part III, branch rblimits; seed 000: "two weapons, one
armor, two Allies"): the ruleset's number for each slot (``market.limits``) plus the stat
``<slot>_limit`` of the Hero, which the always-on rules in force change ("You may have 3 Allies
instead of 2." is +1); and the slots each card fills: its own (``MarketStep.slot_of``), or what
its always-on rules say it counts as (core/carry_rblimits.py: "counts as both of your weapons"
fills two, "does not count against your limit" none). MarketStep asks these for room, for the
cards held in a slot and for the limits it enforces."""

from __future__ import annotations

from ..core.carry_rblimits import card_slots


def slots_of(game, card_id: str) -> list[str]:
    """The limits ``card_id`` counts against, once for each time it counts."""
    return card_slots(game.slot_of(card_id), game.card(card_id).standing_effects)


def carried_in(game, hero, slot: str) -> list[str]:
    """The cards ``hero`` holds that count against ``slot``: a card once for each time it
    counts ("counts as both of your weapons": twice)."""
    cards = [*hero.items, *(a.id for a in hero.allies)]
    return [c for c in cards for s in slots_of(game, c) if s == slot]


def limit_bonus(game, hero, slot: str) -> int:
    """What the rules in force add to ``hero``'s limit of ``slot`` (0 without a Hero)."""
    return 0 if hero is None else game.combat.stat(hero, f"{slot}_limit")


def has_room(game, hero, card_id: str) -> bool:
    """May ``hero`` take ``card_id`` without going over a limit?"""
    slots = slots_of(game, card_id)
    return all(len(carried_in(game, hero, s)) + slots.count(s) <= game.limit(s, hero)
               for s in set(slots))


__all__ = ["carried_in", "has_room", "limit_bonus", "slots_of"]
