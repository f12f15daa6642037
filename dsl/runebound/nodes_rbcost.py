"""AST of branch rbcost (issue 32): a trigger's clause as a subject and an event verb.

* :class:`HeroAct` — the trigger event ``<who> <verb>``: "you rest", "another Hero rests", "any
  Hero hires an Ally". ``who``: ``you`` (the Hero who holds the card; "your Hero" too),
  ``another``, ``any``, or an Ally (``this_ally``, ``your_ally``: refused at check, RF514);
  ``verb``: ``rest``, ``hire`` (IR event ``hero_act``), or, of ``another`` / ``any``, an act
  the language has of "you": ``buy``, ``sell`` (an Item), ``escape``, ``defeat`` (a
  challenge), ``enter_town``, ``enter`` (``detail``: the terrain), ``test`` (``detail``:
  attribute, skill, success) (IR event ``other_act`` over the event of "you").
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class HeroAct:
    """The trigger event ``<who> <verb>`` (IR event ``hero_act``)."""

    who: str
    verb: str
    detail: object = None  # "enter": the terrain; "test": (attribute, skill, success)
    span: Span = _span()


RBCOST_NODES = (HeroAct,)
__all__ = ["HeroAct", "RBCOST_NODES"]
