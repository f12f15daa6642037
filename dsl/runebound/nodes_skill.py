"""AST of a skill a card gives its Hero (issue 32, session skills).

* :class:`GrantSkill` — "Your Hero has the Swim skill." / "You gain the Climb skill.": an
  always-on rule of the card that says it; while the card is held (an Item, an Ally, the
  Hero's own card), the Hero has the skill as if it were printed on their card: in tests of
  it, in the terrain rules of movement, in the combat kernel and the exact odds.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class GrantSkill:
    """``<you / your Hero> has / gains the <skill> skill`` (``skill`` as written: a name)."""

    skill: str
    span: Span = _span()


__all__ = ["GrantSkill"]
