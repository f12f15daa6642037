"""AST nodes of the board's adventure counters (issue 32, branch rbboard).

A counter is said as English builds a noun phrase and a place phrase, each colour an adjective:

* :class:`PlaceCounter` "Place a blue adventure counter on each empty blue gem space." /
  "Place a red adventure counter on an empty red gem space within 2 spaces of your Hero."
  (the Hero's player chooses which space); the counter comes from the box;
* :class:`RemoveCounter` "Remove the adventure counter from your space." (it goes back to the
  box; "the green adventure counter" removes only a green one);
* :class:`GemSpaces` the place phrase: "each empty <colour> gem space" or "an empty
  <colour> gem space", optionally "within N spaces of your Hero".

Re-exported from :mod:`runeforge.dsl.runebound.nodes`; the values are the effect IR's
(``place_counter``, ``remove_counter``; engine/runebound/core/ir_board.py).
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]

MAX_WITHIN = 9  # as "each Hero within N spaces" (nodes_place.MAX_WITHIN)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class GemSpaces:
    """``each`` True: every empty gem space of ``colour`` (one counter on each, while the box
    has counters); False: one of them, the player's choice. ``within``: only spaces at most
    that many steps from the Hero's space (None: anywhere on the board)."""

    colour: str
    each: bool
    within: Optional[int] = None
    span: Span = _span()


@astnode
class PlaceCounter:
    """An adventure counter of ``colour`` from the box onto the gem spaces ``on``."""

    colour: str
    on: GemSpaces
    span: Span = _span()


@astnode
class RemoveCounter:
    """The adventure counter on the Hero's space back to the box (``colour`` None: whatever
    its colour; else only a counter of that colour)."""

    colour: Optional[str] = None
    span: Span = _span()


BOARD_CLAUSES = (PlaceCounter, RemoveCounter)  # game-level: never in a combat


# ---- the tracks: cards on them counted as an amount ("for each card on the doom track")
TRACKS = ("doom", "undefeated")  # the doom track; the undefeated (adventure) track


@astnode
class ForEachOnTrack:
    """``<effect> for each card on the doom track`` / ``... on the undefeated track``: the
    effect once for every card on the track when it happens (``most``: at most that many
    times). The count is the game's, the same for every Hero, so it wraps the whole effect
    ("Each Hero gains 1 gold for each card on the doom track.")."""

    track: str
    effect: object
    span: Span = _span()
    most: Optional[int] = None


# ---- cards moved to and from the tracks
@astnode
class AddToTrack:
    """``add the top card of the green adventure deck to the doom track``: the card drawn
    from the deck of ``colour`` goes on ``track`` as a played card does (a full doom track
    places a doom token)."""

    colour: str
    track: str
    span: Span = _span()


@astnode
class DiscardFromTrack:
    """``discard 1 card from the doom track``: the player chooses which; they go where the
    ruleset sends the cards of a full doom track. (From the undefeated track the parser makes
    :class:`~.nodes_place.DiscardUndefeated`: the same meaning as "... challenges ...".)"""

    count: int
    track: str
    span: Span = _span()


BOARD_CLAUSES += (AddToTrack, DiscardFromTrack)


# ---- the market: the towns' market stacks
MARKET_KINDS = ("ally", "item", "card")  # "every Ally", "all Items", "every market card"


@astnode
class DiscardFromMarket:
    """``discard every Ally from each market stack``: every card of ``kind`` in every town's
    market stack goes to the bottom of the market deck (``card``: every card)."""

    kind: str
    span: Span = _span()


@astnode
class DrawMarketTo:
    """``draw 2 market cards and add them to the market stack of the nearest town``: the
    cards drawn go to the stack of the town nearest the Hero (the player chooses between
    equally near ones), wherever the Hero is."""

    amount: "Amount"  # noqa: F821 - nodes.Amount
    span: Span = _span()


BOARD_CLAUSES += (DiscardFromMarket, DrawMarketTo)
