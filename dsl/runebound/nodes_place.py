"""AST nodes of family 4 (movement and place) and family 9 (game-level effects) of issue 21.

Clauses a card says about the board and the game rather than about a combat:

* :class:`MoveTo` "Move your Hero to the nearest town." / "Move your Hero to Tamalir.";
* :class:`DoomTokens` "Place 1 doom token on the doom track." / "Remove 1 doom token from the
  doom track.";
* :class:`DiscardEvent` "Discard the event in play.";
* :class:`EntersSpace`, a trigger event: "Every time your Hero enters a town, ...".

Re-exported from :mod:`runeforge.dsl.runebound.nodes`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class MoveTo:
    """``town`` None: the nearest town (the player chooses between equally near ones);
    otherwise the town's name as written (checked against the board's towns, RF420)."""

    town: Optional[str] = None
    span: Span = _span()


@astnode
class DoomTokens:
    """``action``: place | remove; ``count`` doom tokens on / from the doom track."""

    action: str
    count: int
    span: Span = _span()


@astnode
class DiscardEvent:
    """The event in play (the active event) is discarded; its rules end."""

    span: Span = _span()


@astnode
class DiscardUndefeated:
    """"Discard 1 challenge from the undefeated track.": the player chooses which."""

    count: int
    span: Span = _span()


PLACE_CLAUSES = (MoveTo, DoomTokens, DiscardEvent, DiscardUndefeated)  # not in a combat


@astnode
class EntersSpace:
    """Trigger event "your Hero enters a town" (``place`` 'town') or "your Hero enters a
    swamp space" (``place`` the board's terrain id: road, river, plains, hills, forest,
    swamp, mountains; checked against the board data, RF420)."""

    place: str
    span: Span = _span()


# The word a card writes before "space" -> the board's terrain id (engine/runebound/game/
# movement.py TERRAINS); the first word of each id is the canonical one ("a hill space").
TERRAIN_WORDS = {"road": "road", "river": "river", "plains": "plains", "hill": "hills",
                 "hills": "hills", "forest": "forest", "swamp": "swamp",
                 "mountain": "mountains", "mountains": "mountains"}
TERRAIN_TEXT = {"road": "road", "river": "river", "plains": "plains", "hills": "hill",
                "forest": "forest", "swamp": "swamp", "mountains": "mountain"}


# Targets by the board: "each Hero in your space", "each Hero within N spaces" (N from 1 to
# MAX_WITHIN; the target string carries N, as the effect IR's target does).
MAX_WITHIN = 9
WITHIN_TARGETS = tuple(f"each_hero_within_{k}" for k in range(1, MAX_WITHIN + 1))
BOARD_TARGETS = ("each_hero_in_space", *WITHIN_TARGETS)



@astnode
class TerrainRule:
    """"Heroes with the Climb skill may move through mountains as if they were plains.": an
    always-on movement rule; ``terrain`` and ``like`` are the board's terrain ids."""

    skill: str
    terrain: str
    like: str
    span: Span = _span()


# "through <terrain>s": the word a card writes -> terrain id; the first is canonical
TERRAIN_PLURAL = {"road": "roads", "river": "rivers", "plains": "plains", "hills": "hills",
                  "forest": "forests", "swamp": "swamps", "mountains": "mountains"}
TERRAIN_WORDS.update({plural: terrain for terrain, plural in TERRAIN_PLURAL.items()})
