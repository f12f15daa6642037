"""AST of a trigger's clause said of its subject (issue 32, branch rbtrig).

* :class:`AttackResult` — the trigger event ``you attack and succeed`` / ``this Ally attacks
  and fails``: the figure's own attack roll (a combat phase's attack or one an ability makes),
  fired by the engine once the roll is known, before its wounds are dealt. ``who`` is ``hero``
  (``you``, ``your Hero``) or ``this_ally`` (the Ally whose card says it); ``against`` keeps
  the object the text named (``this_challenge``, ``enemy`` or None) for the checks only: it is
  the enemy either way, so it is not compared and not printed.
* :class:`AllyDiscarded` — the trigger event ``this Ally is discarded``: the Ally whose card
  says it leaves the Hero's play for the market's discard pile (defeated, paid as a cost,
  discarded by an effect, lost to a knock-out); fired while it is still held.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class AttackResult:
    """``<who> attack(s) [<object>] and succeed(s) / fail(s)`` as a trigger event."""

    who: str  # "hero" | "this_ally"
    success: bool
    span: Span = _span()
    against: Optional[str] = field(default=None, compare=False, repr=False, kw_only=True)
    # branch rbattack2: "this Ally succeeds at a melee attack" (that phase's attacks only)
    phase: Optional[str] = field(default=None, kw_only=True)


@astnode
class AllyDiscarded:
    """The trigger event ``this Ally is discarded`` (on an Ally's own card)."""

    span: Span = _span()


TRIG_NODES = (AttackResult, AllyDiscarded)
__all__ = ["AllyDiscarded", "AttackResult", "TRIG_NODES"]
