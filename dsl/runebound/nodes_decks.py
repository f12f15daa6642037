"""AST nodes of family 5/6 of the ability language (issue 21): decks and cards, economy and
experience. Re-exported by :mod:`runeforge.dsl.runebound.nodes`; values are named as in the effect IR.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

# (no import of .nodes: nodes.py re-exports this module, and an import back would be a cycle;
# ``Amount`` in the annotations is runeforge.dsl.runebound.nodes.Amount)
Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


__all__ = ["COLOURS", "ALLY_STATS", "DrawAdventure", "DrawMarketKeep", "KeepOne", "ReturnToDeck",
           "PlaceAlly", "DiscardItem", "GainExperience", "GainGoldEqual", "PaysYou",
           "FAMILY_CLAUSES", "FAMILY_COSTS"]

COLOURS = ("green", "yellow", "blue", "red")
# the statistics printed on an Ally card, in the order the printer and the IR use
ALLY_STATS = ("life", "mind", "body", "spirit", "stamina", "ranged_damage", "melee_damage",
              "magic_damage")


@astnode
class DrawAdventure:
    """``draw a green adventure card and resolve it``."""

    colour: str
    span: Span = _span()


@astnode
class DrawMarketKeep:
    """``draw 3 market cards and keep one``: one clause (the parser joins the two actions)."""

    amount: "Amount"  # noqa: F821 - runeforge.dsl.runebound.nodes.Amount
    span: Span = _span()


@astnode
class KeepOne:
    """``keep one`` as written; only ever seen by the parser, which joins it to the
    ``draw N market cards`` before it (alone it is a located syntax error)."""

    span: Span = _span()


@astnode
class ReturnToDeck:
    """``return this card to the bottom of its deck``."""

    span: Span = _span()


@astnode
class PlaceAlly:
    """``place this card in front of you as an Ally with Life 3 and Body 2``: ``stats`` are
    (stat, value) pairs in the order written (stat names as in the IR: life, body, ...)."""

    stats: tuple[tuple[str, int], ...]
    span: Span = _span()
    # the span of each pair as written, for the checks (ignored by equality)
    stat_spans: tuple = field(default=(), compare=False, repr=False, kw_only=True)


@astnode
class DiscardItem:
    """The cost ``discard an Item`` (the player chooses which)."""

    span: Span = _span()


@astnode
class GainExperience:
    """``gain 1 experience``."""

    amount: "Amount"  # noqa: F821 - runeforge.dsl.runebound.nodes.Amount
    span: Span = _span()


@astnode
class GainGoldEqual:
    """``gain gold equal to its cost`` (``basis`` 'discarded': the Item discarded as this
    ability's cost) or ``... to this card's cost`` ('this_card')."""

    basis: str
    span: Span = _span()


@astnode
class PaysYou:
    """``each other Hero pays you 1 gold``: each payer pays what it can, at most ``amount``."""

    payer: str
    amount: "Amount"  # noqa: F821 - runeforge.dsl.runebound.nodes.Amount
    span: Span = _span()


FAMILY_CLAUSES = (DrawAdventure, DrawMarketKeep, ReturnToDeck, PlaceAlly, GainExperience,
                  GainGoldEqual, PaysYou)
FAMILY_COSTS = (DiscardItem,)
