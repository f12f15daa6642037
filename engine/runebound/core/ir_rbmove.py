"""IR ops of branch rbmove (issue 32, part III): a Hero moved to a space of a terrain. Added to
the schema by :func:`.ir.ir_schema`.

``move_to_space``: ``place`` one terrain, a list of two or more (issue 32 lists), or ``town``;
``reach``: ``adjacent`` (a space next to the Hero's), ``any`` (anywhere on the board) or
``nearest`` (the nearest such spaces). The game applies it once the card text is done
(game/move_rbmove.py).

``die_face``: a movement rule; one die of each movement roll shows ``symbol`` too (a terrain,
or ``any``: every terrain), the player's choice (game/faces_rbmove.py)."""

from __future__ import annotations

from . import ir_lists

MOVE_REACHES = ("adjacent", "any", "nearest")


def effect_ops(op, enum, places: tuple) -> list[dict]:
    """``places``: ir.ENTER_PLACES ("town" first, then the terrains)."""
    place = ir_lists.schema(places[1:], enum(places))
    return [op("move_to_space", place=place, reach=enum(MOVE_REACHES)),
            op("die_face", symbol=enum((*places[1:], "any")))]
