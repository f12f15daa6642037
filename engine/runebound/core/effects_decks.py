"""Effects of family 5/6 (issue 21): decks and cards, economy and experience.

Two kinds. What changes only the Hero and the cards in front of Heroes runs at once, in the
combat engine too: ``place_ally``, ``gain_gold_equal``, ``pay_you`` and the cost
``discard_item``. What needs the whole game (its decks, the experience record) is recorded as a
grant, like ``draw_market``, and the game applies it once the card text is done
(:mod:`runeforge.engine.runebound.game.decks`): ``draw_adventure``, ``draw_market_keep``,
``return_to_deck``, ``gain_experience``; ``place_ally`` does both.

The classes are registered with ``build_effect`` / ``build_cost`` when this module is imported
(by :mod:`.catalog`, which builds every ability).
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .costs import EXTRA_COSTS, Cost
from .effects import EXTRA_BUILDERS, Amount, Effect
from .state import Figure

GAME_GRANTS = ("draw_adventure", "draw_market_keep", "return_to_deck", "gain_experience",
               "place_ally")


def grant(ctx, op: str, **fields) -> None:
    """Record what the game does once the card text is done (the combat engine alone keeps
    the record: scenarios check it as ``then.grants``)."""
    record = {"hero": ctx.owner.id, "source": ctx.source, "op": op, **fields}
    ctx.engine.grants.append(record)
    ctx.engine.log.emit("grant", **record)


@dataclass
class DrawAdventure(Effect):
    colour: str
    op = "draw_adventure"

    def run(self, ctx):
        grant(ctx, self.op, colour=self.colour)


@dataclass
class DrawMarketKeep(Effect):
    amount: Amount
    op = "draw_market_keep"

    def run(self, ctx):
        grant(ctx, self.op, amount=self.amount.resolve(ctx))


@dataclass
class ReturnToDeck(Effect):
    op = "return_to_deck"

    def run(self, ctx):
        grant(ctx, self.op, card=ctx.source)


@dataclass
class GainExperience(Effect):
    amount: Amount
    op = "gain_experience"

    def run(self, ctx):
        grant(ctx, self.op, amount=self.amount.resolve(ctx))


@dataclass
class PlaceAlly(Effect):
    """The card joins the Hero at once as an Ally with the stats its text gives, kept like an
    Ally won from a challenge (a kept adventure card: never sold or given up). The grant tells
    the game that this copy stays (it is not discarded after play) and to enforce the Ally
    limit (another Ally is given up if the Hero is over it)."""

    stats: dict
    op = "place_ally"

    def run(self, ctx):
        hero, card_id = ctx.owner, ctx.source
        if hero.ally(card_id) is not None:
            return
        card = ctx.engine.catalog.card(card_id)
        data = {"id": card_id, "name": card.name, "kind": "ally", **self.stats}
        hero.allies.append(Figure.from_card(data))
        hero.trophies.append(card_id)
        ctx.engine.modifiers_changed()
        ctx.engine.log.emit("placed_as_ally", hero=hero.id, card=card_id, **self.stats)
        grant(ctx, self.op, card=card_id)  # the game keeps the card and enforces the limit


@dataclass
class GainGoldEqual(Effect):
    """Gold equal to this card's printed cost, or to the cost of the Item discarded as this
    ability's cost (``ctx.discarded``)."""

    basis: str
    op = "gain_gold_equal"

    def run(self, ctx):
        card_id = ctx.source if self.basis == "this_card" else getattr(ctx, "discarded", None)
        if card_id is None:
            raise IllegalAction(f"{ctx.source}: no Item was discarded to count the gold of")
        cost = int(ctx.engine.catalog.card(card_id).cost or 0)
        ctx.engine.gain_gold(ctx.owner, cost, source=ctx.source)


@dataclass
class PayYou(Effect):
    """Each payer pays the Hero the amount, or all its gold when it has less."""

    payer: str
    amount: Amount
    op = "pay_you"

    def run(self, ctx):
        for other in ctx.engine.targets(ctx, self.payer):
            if other is ctx.owner or not hasattr(other, "gold"):
                continue
            paid = min(self.amount.resolve(ctx), other.gold)
            if paid:
                ctx.engine.gain_gold(other, -paid, source=ctx.source)
                ctx.engine.gain_gold(ctx.owner, paid, source=ctx.source)
            ctx.engine.log.emit("paid", payer=other.id, payee=ctx.owner.id, gold=paid,
                                source=ctx.source)


@dataclass
class DiscardItem(Cost):
    """The cost "discard an Item": the player chooses one of his Items (not a kept adventure
    card); with none, the ability cannot be used."""

    op = "discard_item"

    def options(self, ctx) -> list[str]:
        hero = ctx.owner
        return sorted({c for c in hero.items if c not in hero.trophies})

    def check(self, ctx):
        if not self.options(ctx):
            raise IllegalAction(f"{ctx.source}: {ctx.owner.name} has no Item to discard")

    def pay(self, ctx):
        options = self.options(ctx)
        card = options[0] if len(options) == 1 else \
            ctx.engine.ask(ctx.owner, "discard_item", options, source=ctx.source)
        ctx.engine.discard_item(ctx.owner, card)
        ctx.discarded = card


@dataclass
class DiscardItemEffect(Effect):
    """"Discard an Item." as an effect (a challenge's "Magic: Discard one of your items."):
    the Hero discards one of his Items (his choice; not a kept adventure card), none if he has
    none (issue 32)."""

    op = "discard_item"

    def run(self, ctx):
        options = DiscardItem().options(ctx)
        if options:
            DiscardItem().pay(ctx)


def _build_amount(cls):
    return lambda ir: cls(Amount.from_ir(ir["amount"]))


EXTRA_BUILDERS.update({
    "draw_adventure": lambda ir: DrawAdventure(ir["colour"]),
    "draw_market_keep": _build_amount(DrawMarketKeep),
    "return_to_deck": lambda ir: ReturnToDeck(),
    "place_ally": lambda ir: PlaceAlly(dict(ir["stats"])),
    "gain_experience": _build_amount(GainExperience),
    "gain_gold_equal": lambda ir: GainGoldEqual(ir["basis"]),
    "pay_you": lambda ir: PayYou(ir["payer"], Amount.from_ir(ir["amount"])),
    "discard_item": lambda ir: DiscardItemEffect(),
})
EXTRA_COSTS["discard_item"] = lambda ir: DiscardItem()
