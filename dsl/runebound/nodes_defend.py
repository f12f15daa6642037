"""AST of the Hero's defence roll as a trigger event (issue 32, session rbdefend)."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes_core import Span, _span


@dataclass(frozen=True)
class DefendResult:
    """``you fail to defend`` / ``you defend successfully`` as a trigger event: the Hero's
    defence roll in a combat phase is known. Under a phase's tag (``Melee: If you fail to
    defend, ...``) the lowering binds it to that phase."""

    success: bool
    span: Span = _span()


__all__ = ["DefendResult"]
