"""AST nodes of families 1-3 of the language, part II (issue 21): conditions on the state
("If your Hero is in a swamp space, ...", "While ..., ..."), choices ("Choose one: ...; or
...") and random tables ("Roll a die. On 1–3, ... On 4–10, ...").

Re-exported from :mod:`runeforge.dsl.runebound.nodes`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


# Condition kinds and the field each one uses (value: a word; count: a number).
CONDITION_KINDS = {
    "terrain": "value",       # your Hero is in a <terrain> space
    "town": None,             # your Hero is in a town
    "named_town": "value",    # your Hero is in <Town>
    "at_least": "both",       # you have N or more wounds | exhaustion | gold (value: token)
    "none": "value",          # you have no wounds | exhaustion (value: token)
    "skill": "value",         # you have the <Skill> skill
    "ally": None,             # you have an Ally
    "item_class": "value",    # you have a weapon | armor | artifact ...
    "enemy_colour": "value",  # your enemy is a <colour> challenge
    "unwounded": None,        # you took no wounds in this combat (issue 32, session when)
    "round_unhurt": "count",  # you did not inflict N wounds on your enemy this round (rbsix2)
    "moment": "both",  # it is the <phase> phase / the first combat round (branch rbtime)
    "ally_none": "value",  # this Ally has no wounds | exhaustion (value: token; branch rbtime)
}


@astnode
class Condition:
    """A condition on the state; ``kind`` one of :data:`CONDITION_KINDS`."""

    kind: str
    value: Optional[str] = None
    count: Optional[int] = None
    span: Span = _span()

    @property
    def skill(self) -> Optional[str]:
        """The skill named (``you have the <Skill> skill``), as :class:`~.nodes.Test` has."""
        return self.value if self.kind == "skill" else None


@astnode
class IfState:
    """``If <condition>, <effect>``: the effect happens only when the condition holds;
    ``otherwise``: the next sentence ``Otherwise, <effect>.`` (when the condition fails)."""

    condition: Condition
    effect: object
    otherwise: object = None
    span: Span = _span()


@astnode
class WhileState:
    """``While <condition>, <static clause>``: a constant rule in force while it holds."""

    condition: Condition
    effect: object
    span: Span = _span()


@astnode
class Choice:
    """``Choose one: <option>; or <option>.``: the player picks one option (2 to 4)."""

    options: tuple[object, ...]
    span: Span = _span()


@astnode
class TableRow:
    """``On 1–3, <effect>.`` (``low == high`` for a single face: ``On 10, ...``); ``low`` None:
    ``On 3 or less``, ``high`` None: ``On 8 or more`` (issue 32, session rbdice)."""

    low: Optional[int]
    high: Optional[int]
    effect: object
    span: Span = _span()


@astnode
class DieTable:
    """``Roll a die. On ..., ... On ..., ...``: one die is rolled and one row happens.

    Issue 32 (session rbdice, :mod:`.nodes_dice`): ``dice`` dice are rolled; ``add``: the roller's
    attribute added to their total ("Roll two dice and add your Body"); ``keep``: "higher", the
    better die counts ("... and use the higher result"); ``otherwise``: the effect of a result
    no row names ("Otherwise, ...")."""

    rows: tuple[TableRow, ...]
    span: Span = _span()
    dice: int = 1
    add: Optional[str] = None
    keep: Optional[str] = None
    otherwise: object = None


BRANCHING_NODES = (Condition, IfState, WhileState, Choice, TableRow, DieTable)
