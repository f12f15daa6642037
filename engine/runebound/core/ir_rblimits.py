"""IR of the carrying limits (issue 32, part III, branch rblimits): the stats a card's
``modify`` raises the Hero's limits by, and the always-on ops of what the card itself counts
as (game/carry_rblimits.py reads them)."""

from __future__ import annotations

SLOTS = ("weapon", "armor", "ally", "familiar")  # the ruleset's market.limits
LIMIT_STATS = tuple(f"{slot}_limit" for slot in SLOTS)
KEPT = ("gold",)  # the knock-out's losses a card may keep (the ruleset's knock_out.loses)


def effect_ops(_op, _enum) -> list[dict]:
    slots = {"type": "array", "items": _enum(SLOTS), "maxItems": 8}
    return [_op("carry_as", slots=slots),  # the limits it fills instead of its own
            _op("carry_exempt", slots=slots),  # the limits it does not count against ([]: all)
            # the knock-out's losses (knockout_rblimits.py): kept, or this card lost instead
            _op("knockout_keep", losses={"type": "array", "items": _enum(KEPT), "minItems": 1}),
            _op("knockout_instead", optional={"type": "boolean"})]
