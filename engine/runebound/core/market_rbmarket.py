"""The market's prices of selling and healing as rules (issue 32, branch rbmarket).

Two always-on rules the market step reads, wherever a card holds them (an Item, an Ally, a
Hero, the active event, a duration, a ``while`` rule), instead of a test of one card:

* ``sell_price`` (``subject``: ``item``, every Item the Hero sells, or ``this``, the card
  that holds the rule; ``basis``: ``full``): the Item sells for its printed cost instead of
  the ruleset's share of it (seed 000: half, rounded down). "Heroes sell Items for their full
  cost instead of half.", "You may sell this card for its full price."
* ``heal_price`` (``token``: ``wounds`` or ``exhaustion``; ``price``): healing one of that
  token in a town's market costs ``price`` gold instead of the ruleset's price. "Healing a
  wound costs 2 gold instead of 1." With two such rules in force the highest price holds;
  ``delta`` instead of ``price`` adds to it ("Healing a wound costs 1 more gold."), never
  below 0.

Neither changes a combat: the combat kernel leaves them aside (``MARKET_RULE_OPS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .effects import EXTRA_BUILDERS, Effect
from .effects_branching import while_ops, while_sources
from .effects_decks import grant
from .ir_rbmarket import MARKET_RULE_OPS


@dataclass
class SellPrice(Effect):
    subject: str
    basis: str = "full"
    op = "sell_price"
    static_kind = True

    def run(self, ctx):  # said as an effect: the rule holds to the end of the turn
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        return {"op": self.op, "subject": self.subject, "basis": self.basis}


@dataclass
class HealPrice(Effect):
    token: str
    price: int | None = None  # the price instead of the ruleset's
    delta: int | None = None  # added to the price
    op = "heal_price"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        d = {"op": self.op, "token": self.token}
        d.update({"price": self.price} if self.delta is None else {"delta": self.delta})
        return d


def rules_for(engine, hero, op: str) -> list[tuple[str, Effect]]:
    """(card id, effect) of every ``op`` rule in force for ``hero`` now: standing cards,
    durations and the ``while`` rules whose condition holds."""
    sources = list(engine.static_sources())
    if op in while_ops(engine.catalog):
        sources += list(while_sources(engine, op))
    return [(src, e) for owner, src, e, _x in sources if owner is hero and e.op == op]


def sell_price(engine, hero, card_id: str, cost: int, share: int | None) -> int | None:
    """What ``hero`` receives for selling ``card_id`` (printed ``cost``; ``share``: the
    ruleset's price, None if it cannot be sold at all)."""
    if share is None:
        return None
    full = any(e.subject == "item" or src == card_id
               for src, e in rules_for(engine, hero, "sell_price"))
    return max(cost, share) if full else share


def heal_price(engine, hero, token: str, price: int) -> int:
    """What healing one ``token`` costs ``hero`` in a market (``price``: the ruleset's)."""
    rules = [e for _src, e in rules_for(engine, hero, "heal_price") if e.token == token]
    prices = [e.price for e in rules if e.price is not None]
    base = max(prices) if prices else price
    return max(0, base + sum(e.delta for e in rules if e.delta is not None))


@dataclass
class MarketOffer(Effect):
    """"Draw the top card of the market deck; if it is an Ally, you may hire it for free;
    otherwise, place it on the bottom of the deck.": a grant the game applies once the card
    text is done (game/offer_rbmarket.py): the top market card, offered to the Hero at
    ``price`` if it is of ``kind``; declined, of another kind or too dear, it goes to the
    bottom of the market deck."""

    kind: str
    price: str
    op = "market_offer"

    def run(self, ctx):
        grant(ctx, self.op, kind=self.kind, price=self.price)


@dataclass
class ArrangeDeck(Effect):
    """"Look at the top 3 cards of any adventure deck and return them in any order.": a grant
    the game applies once the card text is done (game/offer_rbmarket.py): the player puts the
    top ``amount`` cards of ``deck`` back in the order he chooses."""

    deck: str
    amount: int
    op = "arrange_deck"

    def run(self, ctx):
        grant(ctx, self.op, deck=self.deck, amount=self.amount)


BUILDERS = {
    "arrange_deck": lambda ir: ArrangeDeck(ir["deck"], int(ir["amount"])),
    "market_offer": lambda ir: MarketOffer(ir["kind"], ir["price"]),
    "sell_price": lambda ir: SellPrice(ir["subject"], ir.get("basis", "full")),
    "heal_price": lambda ir: HealPrice(ir["token"], ir.get("price"), ir.get("delta")),
}
EXTRA_BUILDERS.update(BUILDERS)  # the catalog imports this module (as it does effects_decks)


__all__ = ["BUILDERS", "MARKET_RULE_OPS", "heal_price", "rules_for", "sell_price"]
