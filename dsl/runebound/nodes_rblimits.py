"""AST of the carrying limits (issue 32, part III, branch rblimits).

The rules let a Hero carry so many weapons, armor and Allies (the ruleset's
``market.limits``); a card may change that for its Hero, or say what it counts as itself:

* :class:`CarryLimit` — "You may have 3 Allies instead of 2.", "This Hero may carry three
  weapons instead of two.", "Your Hero may carry one extra weapon.": the Hero's limit of a kind
  raised (or lowered) by ``count - instead_of`` (or by ``count`` when ``instead_of`` is None)
  while the card's rule is in force;
* :class:`CarriedAs` — "This card does not count against your limit of 2 weapons.", "This
  weapon counts as both of your weapons.", "This shield counts as both a weapon and an
  armor.": the limits the card itself fills (``kinds``; None: its own), less ``exempt`` (a
  kind, or "all" for "your limit").
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)

KINDS = ("weapon", "armor", "ally")  # the limits a card can change (ruleset market.limits)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class CarryLimit:
    """``<you / your Hero> may <have / carry> <count> <kind> instead of <instead_of>`` or
    ``... <count> additional <kind>`` (``instead_of`` None)."""

    kind: str
    count: int
    instead_of: Optional[int] = None
    span: Span = _span()

    @property
    def delta(self) -> int:
        return self.count - (self.instead_of or 0)


@astnode
class CarriedAs:
    """``this card counts as <kinds>`` / ``this card does not count against your <exempt>
    limit``."""

    kinds: Optional[tuple] = None
    exempt: Optional[str] = None
    span: Span = _span()


__all__ = ["CarriedAs", "CarryLimit", "KINDS"]


# ---- the knock-out's losses a card changes (the ruleset's knock_out.loses)

@astnode
class KnockoutKeep:
    """``you keep your gold`` (under "When your Hero is knocked out,"; ``when`` False) or
    ``you do not lose gold when knocked out`` (``when`` True): the Hero keeps that loss
    (``loss``: gold) when knocked out, while the card's rule is in force."""

    loss: str = "gold"
    when: bool = False
    span: Span = _span()


@astnode
class KnockoutInstead:
    """``discard this card instead of your most expensive Item or Ally``: when its Hero is
    knocked out, the card is lost in place of the priciest one ("you may": the player
    chooses)."""

    span: Span = _span()


@astnode
class KnockoutRules:
    """Two knock-out rules said in one sentence ("you keep your gold, and you may discard this
    card instead of ..."): ``keep`` and ``instead`` (a KnockoutInstead, or its MayDo)."""

    keep: object
    instead: object
    span: Span = _span()


__all__ += ["KnockoutInstead", "KnockoutKeep", "KnockoutRules"]
