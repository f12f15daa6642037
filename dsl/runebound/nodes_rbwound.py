"""AST nodes of branch rbwound (issue 32, part III): cancelling wounds as a standing rule.

Re-exported from :mod:`runeforge.dsl.runebound.nodes`; see docs/language.md "Family 7: combat".
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


@astnode
class CancelFirst:
    """``Cancel the first wound inflicted on your Hero in each combat.`` (``This armor cancels
    the first 2 wounds your Hero takes in each combat round.``): a standing rule; of the wounds
    inflicted on ``subject`` in each combat (``per`` "combat") or combat round ("round"), the
    first ``value`` are cancelled as they are inflicted."""

    subject: str
    value: int = 1
    per: str = "combat"
    span: Span = field(default=None, compare=False, repr=False, kw_only=True)


__all__ = ["CancelFirst"]
