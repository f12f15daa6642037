"""A hero's figure placed anywhere near (issue 32, session delve11): "Place your figure in an
empty space in your chamber or an adjacent chamber." (also "in any empty space of an adjacent
chamber", "… in your chamber").

The figure is lifted and set down, not moved: no path, no Move, no pinning (A5). ``where``
says which chambers: ``own`` (yours), ``adjacent`` (a chamber joined to yours by an explored
exit) or both. The engine offers every empty cell of them and the hero's player chooses
(engine/delve/game/placing.py); a hero held by "cannot move" is not placed. Only a hero's
ability places its own figure (owners.py)."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from .words import Pred, span_of, spanned_rules, tok

TEXT = {("own",): "your chamber", ("adjacent",): "an adjacent chamber",
        ("adjacent", "own"): "your chamber or an adjacent chamber"}


@astnode
class Place:
    """Your figure to an empty cell of the chambers ``where`` names (own, adjacent)."""

    where: tuple
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class PlaceWords(Transformer):
    """The transformer's rules (delve.lark, session delve11)."""

    def place(self, meta, ch):
        where = set()
        if tok(ch, "YOUR") is not None and sum(getattr(c, "type", "") == "YOUR"
                                               for c in ch) > 1:
            where.add("own")
        if tok(ch, "ADJACENT") is not None:
            where.add("adjacent")
        return Pred("place", tok(ch, "PLACE"), span_of(meta), {"where": tuple(sorted(where))})


def build(d: dict, span) -> Place:
    return Place(d["where"], span)


def print_place(e: Place) -> str:
    return f"place your figure in an empty space in {TEXT[e.where]}"
