"""AST nodes of the combat family (issue 21, family 7): extra wounds on a successful attack,
rerolling a combat roll, a cap on wounds per phase, immunity to a phase's attacks.

Re-exported from :mod:`runeforge.dsl.runebound.nodes`; see docs/language.md "Family 7: combat".
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode
from .nodes_rbdamage import DamageRule  # branch rbdamage
from .nodes_rbwound import CancelFirst  # branch rbwound

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class ExtraWounds:
    """``Your attacks inflict N additional wounds.`` / ``Your melee attacks ...``: a standing
    rule; every successful attack of the Hero (of ``phase``, or of any phase when None)
    inflicts ``value`` more wounds on the enemy."""

    value: int
    phase: Optional[str] = None
    span: Span = _span()


@astnode
class InflictAdditional:
    """``If you succeed, inflict N additional wounds on your enemy.``: wounds on top of the
    attack's own damage (plain ``inflict N wounds`` after an attack replaces its damage)."""

    amount: "Amount"  # noqa: F821 - nodes.Amount
    target: str
    span: Span = _span()


@astnode
class Reroll:
    """``... to reroll your combat roll.``: used right after the Hero's combat roll (attack
    or defence), before its result counts; the new roll replaces it. ``failed``: "reroll a
    failed combat roll", only a roll that failed (branch rbnp)."""

    failed: bool = False
    better: bool = False  # branch rbroll: "roll twice and use the better result"
    attack: bool = False  # branch rbroll: "reroll a failed attack roll" (no defence roll)
    span: Span = _span()


@astnode
class WoundCap:
    """``Your Hero takes no more than N wounds in each combat phase.``: a standing rule; the
    wounds the Hero takes in one phase step of a round beyond N are not taken."""

    subject: str
    value: int
    span: Span = _span()
    per: str = "phase"  # or "round": "... in each combat round" (issue 32, session lang4)


@astnode
class Immune:
    """``Your Hero is immune to ranged attacks.``: a standing rule; the combat rolls of that
    phase (a failed defence or attack) inflict no wounds on the Hero."""

    phase: str
    subject: str = "hero"  # issue 32: "This challenge is immune to magic attacks." (this_challenge)
    span: Span = _span()


@astnode
class AttackOther:
    """``Ranged: Activate to make a ranged attack against another Hero's enemy.``: used by a
    Hero who stands in the space of another Hero's combat (docs/language.md reads when)."""

    phase: str
    span: Span = _span()


COMBAT_CLAUSES = (ExtraWounds, InflictAdditional, Reroll, WoundCap, Immune, AttackOther)
# The clauses that are always-on rules when they make up a cost-free, untimed ability.
COMBAT_STANDING = (ExtraWounds, WoundCap, Immune, CancelFirst,  # CancelFirst: branch rbwound
                   DamageRule)  # branch rbdamage

__all__ = ["COMBAT_CLAUSES", "COMBAT_STANDING", "AttackOther", "ExtraWounds", "Immune",
           "InflictAdditional", "Reroll", "WoundCap"]
