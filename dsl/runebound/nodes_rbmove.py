"""AST nodes of branch rbmove (issue 32, part III): a Hero moved to a space of a terrain.

Re-exported from :mod:`runeforge.dsl.runebound.nodes`; see docs/language-reference.md
section 32.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)

MOVE_REACHES = ("adjacent", "any", "nearest")


@astnode
class MoveToSpace:
    """``Move your Hero to an adjacent plains space.`` / ``... to any river space`` / ``... to
    the nearest forest or hills space`` / ``... to any town``: the Hero is put on a space whose
    ``place`` is one of the terrains named (one value or a lists.Several) or ``town``, and
    that is ``reach``: adjacent to the Hero's space, anywhere on the board, or among the
    nearest such spaces. The player chooses among them; with none the effect does nothing."""

    place: Any
    reach: str = "any"
    span: Span = field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class DieFace:
    """``Treat one of your movement dice as showing a river symbol.`` (``... any symbol``): an
    always-on movement rule; each time the Hero rolls for movement, one die of the roll (the
    player's choice, made as he chooses where to go) shows ``symbol`` too (a terrain id, or
    ``any``: every terrain)."""

    symbol: str
    span: Span = field(default=None, compare=False, repr=False, kw_only=True)


__all__ = ["DieFace", "MOVE_REACHES", "MoveToSpace"]
