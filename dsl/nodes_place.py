"""AST nodes of family 4 (movement and place) and family 9 (game-level effects) of issue 21.

Clauses a card says about the board and the game rather than about a combat:

* :class:`MoveTo` "Move your Hero to the nearest town." / "Move your Hero to Tamalir.";
* :class:`DoomTokens` "Place 1 doom token on the doom track." / "Remove 1 doom token from the
  doom track.";
* :class:`DiscardEvent` "Discard the event in play.".

Re-exported from :mod:`runeforge.dsl.nodes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class MoveTo:
    """``town`` None: the nearest town (the player chooses between equally near ones);
    otherwise the town's name as written (checked against the board's towns, RF420)."""

    town: Optional[str] = None
    span: Span = _span()


@dataclass(frozen=True)
class DoomTokens:
    """``action``: place | remove; ``count`` doom tokens on / from the doom track."""

    action: str
    count: int
    span: Span = _span()


@dataclass(frozen=True)
class DiscardEvent:
    """The event in play (the active event) is discarded; its rules end."""

    span: Span = _span()


PLACE_CLAUSES = (MoveTo, DoomTokens, DiscardEvent)
