"""IR of the board's adventure counters (issue 32, branch rbboard), added to the schema by
:func:`runeforge.engine.runebound.core.ir.ir_schema`:

* ``place_counter``: an adventure counter of ``colour`` from the box onto an empty gem space of
  colour ``gem``: ``each`` true, one on every such space (while the box has counters); false,
  on one of them, the player's choice; ``within`` null, anywhere, else at most that many steps
  from the Hero's space;
* ``remove_counter``: the counter on the Hero's space back to the box (``colour`` null: of any
  colour);
* ``repeat_track``: ``effects`` once for each card on the ``track`` (``doom``: the doom track;
  ``undefeated``: the undefeated adventure track) when it runs, at most ``most`` times;
* ``add_to_track``: the top card of the adventure deck of ``colour`` goes on the doom track, as
  a played card does; ``discard_from_track``: ``count`` cards leave the doom track (the player
  chooses which) for where the ruleset sends the cards of a full track. (The undefeated track
  takes a card only where a Hero leaves a challenge, so ``track`` is ``doom``; its discard is
  ``discard_undefeated``.);
* ``discard_market``: every card of ``kind`` (``ally``, ``item``; ``card`` every card) in
  every town's market stack goes to the bottom of the market deck; ``market_to_nearest``:
  ``count`` market cards drawn into the stack of the town nearest the Hero.
"""

from __future__ import annotations

COLOURS = ("green", "yellow", "blue", "red")


TRACKS = ("doom", "undefeated")


def effect_ops(_op, _enum, count, effects) -> list[dict]:
    within = {"type": ["integer", "null"], "minimum": 1, "maximum": 9}
    return [
        _op("place_counter", colour=_enum(COLOURS), gem=_enum(COLOURS),
            each={"type": "boolean"}, within=within),
        _op("remove_counter", colour=_enum([*COLOURS, None])),
        {**_op("repeat_track", track=_enum(TRACKS), effects=effects, most=count),
         "required": ["op", "track", "effects"]},
        _op("add_to_track", colour=_enum(COLOURS), track=_enum(("doom",))),
        _op("discard_from_track", count=count, track=_enum(("doom",))),
        _op("discard_market", kind=_enum(("ally", "item", "card"))),
        _op("market_to_nearest", count=count),
    ]
