"""AST node of branch rbdamage: how the wounds of an attack are counted, as a standing rule.

Re-exported from :mod:`runeforge.dsl.runebound.nodes`; see docs/language-reference.md "How an
attack's wounds are counted".
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


@astnode
class DamageRule:
    """``This Ally inflicts double damage against blue and red challenges.`` (``mode``
    "multiply", ``side`` "deals"), ``This challenge takes no more than 1 wound from a single
    attack.`` ("cap", "takes"), ``Your Hero takes no wounds from a failed defence roll.`` ("cap"
    0, "takes", ``roll`` "defend"), ``If your magic attack succeeds by 5 or more, inflict 1
    additional wound.`` ("add" 1, ``margin`` 5): a standing rule on the wounds of each attack ``subject``
    deals or takes, in ``phase`` (None: any), against / from a figure of ``colours`` (empty:
    any)."""

    mode: str
    value: int
    subject: str
    side: str = "deals"
    phase: Optional[str] = None
    colours: tuple = ()
    roll: Optional[str] = None
    margin: Optional[int] = None  # mode "add": only a hit whose roll beat its target by this
    span: Span = field(default=None, compare=False, repr=False, kw_only=True)


__all__ = ["DamageRule"]
