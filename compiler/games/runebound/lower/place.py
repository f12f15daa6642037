"""IR of families 4 (movement and place), 8 (durations: nothing to add, ``for_duration``
carries the value) and 9 (game-level effects) of issue 21. lower.py registers these (one block
at its end); this module does not import lower.py (no import cycle)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes_place as p

from .lists import ir_value

EFFECTS = {
    p.MoveTo: lambda node: [{"op": "move_to", "town": node.town}],
    p.DoomTokens: lambda node: [{"op": "doom_tokens", "action": node.action,
                                 "count": node.count}],
    p.DiscardEvent: lambda node: [{"op": "discard_event"}],
    p.DiscardUndefeated: lambda node: [{"op": "discard_undefeated", "count": node.count}],
    p.TerrainRule: lambda node: [{"op": "terrain_rule", "skill": node.skill,
                                  "terrain": node.terrain, "like": node.like}],
}
STATIC = (p.TerrainRule,)  # always on, as a modifier is


def with_events(inner):
    """lower.event, taught family 4's trigger events."""

    def event(e) -> dict:
        if isinstance(e, p.EntersSpace):
            return {"kind": "enters_space", "place": ir_value(e.place)}  # one or several
        return inner(e)

    return event
