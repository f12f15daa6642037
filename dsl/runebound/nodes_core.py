"""AST nodes of the compositional core (issue 32, part III): a sentence is a subject, a
predicate and its modifiers. Re-exported from :mod:`runeforge.dsl.runebound.nodes`.

* :class:`Each` — a subject other than "you" with its predicate ("Each Hero in a swamp space
  takes 1 wound."): the predicate is an ordinary clause said of "you", run once for each Hero
  the :class:`Selector` picks (each in turn is "you").
* :class:`ForEach` — "... for each Ally you have": the effect once per thing counted.
* Verbs the game has: :class:`LoseGold`, :class:`EndTurn`, :class:`DiscardAlly` (also a cost),
  :class:`Nothing` ("nothing happens", a die table's empty row), :class:`PayTo` (a cost in the
  middle of the text: "On 4–6, pay 1 gold to draw 1 market card"), :class:`CannotBeWounded`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


# What a selector or "for each" counts: the Hero's tokens, gold and cards.
COUNTABLES = ("wound", "exhaustion", "gold", "item", "ally", "trophy")


@astnode
class Selector:
    """Which Heroes a sentence is about.

    ``who``: each | each_other | most | fewest. ``place``: None, "space" (your space) or a
    terrain; ``within``: spaces from your Hero; ``having``: (N, countable) "with N or more", (0, countable) "with no";
    ``measure``: the countable of "the Hero with the most / fewest ...".
    """

    who: str
    place: Optional[str] = None
    within: Optional[int] = None
    having: Optional[tuple[int, str]] = None
    measure: Optional[str] = None
    span: Span = _span()


@astnode
class Each:
    """``<selector> <predicate>``: ``effect`` said of "you", for each Hero selected."""

    selector: Selector
    effect: object
    span: Span = _span()


@astnode
class ForEach:
    """``<effect> for each <countable> you have`` (``, to a maximum of N``: ``most``)."""

    per: str
    effect: object
    span: Span = _span()
    most: int | None = None


@astnode
class LoseGold:
    """``lose N gold`` (as much as the Hero has, at most N)."""

    amount: "Amount"  # noqa: F821 - nodes.Amount
    span: Span = _span()


@astnode
class KeepTrophy:
    """``keep it as a trophy``: the card whose text says it stays with the Hero as a trophy
    instead of going to a discard pile."""

    span: Span = _span()


@astnode
class EndTurn:
    """``end your turn``: the rest of the Hero's turn is skipped."""

    span: Span = _span()


@astnode
class DiscardAlly:
    """``discard one of your Allies`` (the player chooses which); a cost before "to"."""

    span: Span = _span()


@astnode
class Nothing:
    """``nothing happens`` (a row of a die table)."""

    span: Span = _span()


@astnode
class PayTo:
    """``pay 1 gold to <effect>`` inside the text (not the ability's own costs): the Hero
    may pay; if it does, the effect happens."""

    costs: tuple
    effect: object
    span: Span = _span()


@astnode
class PayOr:
    """``pay 3 gold or take 2 wounds``: the Hero pays when it can and will; when it does not,
    the other effect happens (the order of the two is free in English; printed cost first)."""

    costs: tuple
    otherwise: object
    span: Span = _span()


@astnode
class AllyExhaustion:
    """Cost of an Ally's own ability: ``place 1 exhaustion on this Ally`` ("take 1 exhaustion
    on this Ally", "this Ally takes 1 exhaustion to ...", "exhaust this Ally"): the Ally takes
    it, never beyond its Stamina (a player never chooses exhaustion that turns into wounds)."""

    amount: object  # Amount
    span: Span = _span()


@astnode
class CannotBeWounded:
    """``Your Allies cannot be wounded.``: no wounds are inflicted on them in a combat phase."""

    subject: str
    span: Span = _span()


@astnode
class AllyDefeated:
    """The trigger event ``this Ally is defeated`` (on an Ally's own card)."""

    span: Span = _span()


@astnode
class CardTraded:
    """The trigger event ``you buy this card`` / ``you sell this card`` (``verb``: buy, sell)
    on an Item's own card (issue 32)."""

    verb: str
    span: Span = _span()


@astnode
class ItemTraded:
    """The trigger event ``you buy an Item`` / ``you sell an Item`` (``verb``: buy, sell): any
    Item the Hero trades at the market (issue 32, session lang3)."""

    verb: str
    span: Span = _span()


@astnode
class EventDrawn:
    """The trigger event ``you draw an event card``: the Hero draws an event from an adventure
    deck, whether or not it replaces the one in play (issue 32, session lang4)."""

    span: Span = _span()


@astnode
class CombatRound:
    """The trigger event of ``At the start / end of each combat round, ...`` (``edge``:
    start, end): each round of a combat the Hero fights (issue 32, session lang3)."""

    edge: str
    span: Span = _span()


CORE_NODES = (AllyDefeated, CardTraded, ItemTraded, EventDrawn, CombatRound, Selector, Each, ForEach, LoseGold, KeepTrophy, EndTurn, DiscardAlly, Nothing, PayTo,
              PayOr, AllyExhaustion, CannotBeWounded)
CORE_COSTS = (DiscardAlly,)
__all__ = ["AllyDefeated", "CardTraded", "ItemTraded", "EventDrawn", "CombatRound", "Selector", "Each", "ForEach", "LoseGold", "KeepTrophy", "EndTurn", "DiscardAlly", "Nothing",
           "PayTo", "PayOr", "AllyExhaustion", "CannotBeWounded", "CORE_NODES", "CORE_COSTS", "COUNTABLES"]
