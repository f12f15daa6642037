"""AST node of die rolls as authors write them (issue 32, session rbdice).

The roll itself is :class:`~.nodes_branching.DieTable` (its ``dice``, ``add``, ``keep`` and
``otherwise``); this module adds the one node a roll by other Heroes needs:

* :class:`ThatHero`: ``that Hero <predicate>`` in a row of a table rolled by other Heroes
  ("Each Hero rolls a die. On 1–2, that Hero takes 1 wound."): the effect said of the Hero who
  rolled (inside ``Each`` that Hero is "you"). Anywhere else the parser refuses it (RF481).

Re-exported from :mod:`runeforge.dsl.runebound.nodes`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]

# the rolls a table may make: (dice, keep) -> how the result is read
MAX_DICE = 2            # "Roll two dice and add your Body": a total of two dice
KEEP = ("higher",)      # "... and use the higher result": the better of two dice


@astnode
class ThatHero:
    """``that Hero <predicate>``: ``effect`` (said of "you") happens to the Hero who rolled."""

    effect: object
    span: Span = field(default=None, compare=False, repr=False, kw_only=True)


DICE_NODES = (ThatHero,)
