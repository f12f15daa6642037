"""AST node of branch rbmod (modifiers, amounts and comparatives).

* :class:`InsteadModifier`: ``<subject> receive(s) +N <stat> instead``: under a condition, a
  bonus that replaces the one an earlier sentence of the ability gives always ("+1 to your ranged
  attacks. Against green challenges, +3 instead."). ``replaced`` is that earlier bonus (the
  parser reads it off the ability), so the bonus added under the condition is the difference.
  A Modifier by kind (a standing rule, a bonus the checks read as one).
"""

from __future__ import annotations

from dataclasses import field

from ..nodeclass import astnode
from .nodes import Modifier


@astnode
class InsteadModifier(Modifier):
    """``Modifier`` said "instead" of the earlier bonus ``replaced`` to the same stat."""

    replaced: int = field(default=0, kw_only=True)


__all__ = ["InsteadModifier"]
