"""AST of branch rbmarket (issue 32, part III): the market's prices of selling and healing.

* :class:`SellFull` — ``Items sell for their full cost.`` (``subject``: ``item``, every Item
  the Hero sells) / ``This card sells for its full cost.`` (``this``): an always-on rule, IR
  ``sell_price`` (the printed cost instead of the ruleset's half).
* :class:`FullProceeds` — ``you receive its full cost (in gold)`` after ``When you sell this
  card / an Item,``: the same rule for the card sold (``subject`` set from the trigger by the
  parser, None anywhere else: refused at check, RF570).
* :class:`HealPrice` — ``Healing a wound costs 2 gold.`` (``token``: ``wounds`` or
  ``exhaustion``): an always-on rule, IR ``heal_price``.
* :class:`MarketOffer` — the top card of the market deck, the Hero may take it at a price if
  it is of a kind (IR ``market_offer``).
* :class:`ArrangeDeck` — the top cards of a deck, put back in the order the player chooses
  (IR ``arrange_deck``).
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class SellFull:
    subject: str
    span: Span = _span()


@astnode
class FullProceeds:
    subject: Optional[str] = None
    span: Span = _span()


@astnode
class HealPrice:
    token: str
    price: Optional[int]  # the price instead of the rules' ("costs 2 gold")
    span: Span = _span()
    delta: Optional[int] = None  # added to the price ("costs 1 more gold"); price is then None


@astnode
class MarketOffer:
    """``Draw the top card of the market deck; if it is an Ally, you may take it for free.``:
    ``kind`` (``any``, ``item``, ``ally``) and ``price`` (``free``, ``half``, ``normal``)."""

    kind: str
    price: str
    span: Span = _span()


@astnode
class ArrangeDeck:
    """``Look at the top 3 cards of the green adventure deck and put them back in any order.``:
    ``deck`` (a colour, ``any`` adventure deck, ``market``) and ``amount``."""

    deck: str
    amount: int
    span: Span = _span()


RBMARKET_NODES = (SellFull, FullProceeds, HealPrice, MarketOffer, ArrangeDeck)
__all__ = ["ArrangeDeck", "FullProceeds", "HealPrice", "MarketOffer", "RBMARKET_NODES",
           "SellFull"]
