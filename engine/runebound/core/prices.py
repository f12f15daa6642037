"""A price's floor (issue 32, session rbrules): "Items cost you 2 less gold (to a minimum of 1)"
lowers a price no further than its ``minimum`` (nor below the printed cost, when that is lower:
the floor bounds the rule's discount, it never raises a price). standing.price_of applies it."""

from __future__ import annotations

from .effects_branching import while_ops, while_sources


def price_floor(engine, hero, subject: str, live: bool = False) -> int:
    """The highest floor among the price rules for ``hero`` buying an ``subject`` (0: none):
    the standing cards' (cached by the caller), or with ``live`` the durations and conditional
    rules in force (never cached)."""
    if live:
        sources = list(engine._duration_sources()) if engine.state.effects else []
        if "cost_modifier" in while_ops(engine.catalog):
            sources += list(while_sources(engine, "cost_modifier"))
    else:
        sources = engine._standing_sources()
    floor = 0
    for owner, _src, effect, _x in sources:
        if owner is hero and effect.op == "cost_modifier" and subject in effect.subjects \
                and effect.minimum:
            floor = max(floor, effect.minimum)
    return floor
