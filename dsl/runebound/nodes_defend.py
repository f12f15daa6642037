"""AST of the Hero's defence roll as a trigger event (issue 32, session rbdefend)."""

from __future__ import annotations

from ..nodeclass import astnode
from .nodes_core import Span, _span


@astnode
class DefendResult:
    """``you fail to defend`` / ``you defend successfully`` as a trigger event: the Hero's
    defence roll in a combat phase is known. Under a phase's tag (``Melee: If you fail to
    defend, ...``) the lowering binds it to that phase."""

    success: bool
    span: Span = _span()


__all__ = ["DefendResult"]
