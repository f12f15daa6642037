"""IR of the board's adventure counters (issue 32, branch rbboard), added to the schema by
:func:`runeforge.engine.runebound.core.ir.ir_schema`:

* ``place_counter``: an adventure counter of ``colour`` from the box onto an empty gem space of
  colour ``gem``: ``each`` true, one on every such space (while the box has counters); false,
  on one of them, the player's choice; ``within`` null, anywhere, else at most that many steps
  from the Hero's space;
* ``remove_counter``: the counter on the Hero's space back to the box (``colour`` null: of any
  colour);
* ``repeat_track``: ``effects`` once for each card on the ``track`` (``doom``: the doom track;
  ``undefeated``: the undefeated adventure track) when it runs, at most ``most`` times.
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
    ]
