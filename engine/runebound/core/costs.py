"""Cost ops of the IR: checked before an ability is used, then paid in order."""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .effects import Amount


class Cost:
    op = ""

    def amount_value(self, ctx) -> int:
        return 0

    def check(self, ctx) -> None:
        """Raise IllegalAction when the cost cannot be paid now."""

    def pay(self, ctx) -> None:
        raise NotImplementedError

    def x_room(self, ctx) -> int | None:
        """The largest X this cost allows (None: does not bind X)."""
        return None


@dataclass
class Activate(Cost):
    op = "activate"

    def check(self, ctx):
        ctx.engine.check_activation(ctx.owner, ctx.source)

    def pay(self, ctx):
        ctx.engine.activate(ctx.owner, ctx.source)


@dataclass
class Discard(Cost):
    op = "discard"

    def check(self, ctx):
        if ctx.source not in ctx.owner.items and ctx.owner.ally(ctx.source) is None:
            raise IllegalAction(f"{ctx.source}: {ctx.owner.name} does not hold this card")

    def pay(self, ctx):
        if ctx.source in ctx.owner.items:
            ctx.engine.discard_item(ctx.owner, ctx.source)
        else:  # an Ally's "discard this Ally to ..." (issue 32): the Ally leaves the Hero
            ctx.engine.discard_this_ally(ctx.owner, ctx.source)


@dataclass
class Exhaustion(Cost):
    amount: Amount
    op = "exhaustion"

    def amount_value(self, ctx):
        return self.amount.resolve(ctx)

    def room(self, ctx) -> int:
        return ctx.engine.stat(ctx.owner, "stamina") - ctx.owner.exhaustion

    def x_room(self, ctx):
        return self.room(ctx) if self.amount.kind == "x" else None

    def check(self, ctx):
        n = self.amount_value(ctx)
        if n > self.room(ctx):
            raise IllegalAction(
                f"{ctx.source}: taking {n} exhaustion would give {ctx.owner.name} "
                f"{ctx.owner.exhaustion + n} exhaustion with Stamina "
                f"{ctx.engine.stat(ctx.owner, 'stamina')}; a player may never choose to take "
                "exhaustion that would turn into a wound"
            )

    def pay(self, ctx):
        ctx.engine.add_exhaustion(ctx.owner, self.amount_value(ctx), source=ctx.source,
                                  chosen=True)


@dataclass
class Wounds(Cost):
    amount: Amount
    op = "wounds"

    def amount_value(self, ctx):
        return self.amount.resolve(ctx)

    def x_room(self, ctx):
        if self.amount.kind != "x":
            return None
        return max(0, ctx.engine.stat(ctx.owner, "life") - ctx.owner.wounds - 1)

    def pay(self, ctx):  # a cost: put straight on the Hero, no wounds-being-inflicted window
        ctx.engine.set_tokens(ctx.owner, "wounds", ctx.owner.wounds + self.amount_value(ctx),
                              source=ctx.source, cause="cost")


@dataclass
class Gold(Cost):
    amount: Amount
    op = "gold"

    def amount_value(self, ctx):
        return self.amount.resolve(ctx)

    def x_room(self, ctx):
        return ctx.owner.gold if self.amount.kind == "x" else None

    def check(self, ctx):
        n = self.amount_value(ctx)
        if n > ctx.owner.gold:
            raise IllegalAction(f"{ctx.source}: costs {n} gold; {ctx.owner.name} has "
                                f"{ctx.owner.gold}")

    def pay(self, ctx):
        ctx.engine.gain_gold(ctx.owner, -self.amount_value(ctx), source=ctx.source)


# ---- family 5/6: decks and cards, economy and experience (issue 21)
# op -> builder from IR, filled by .effects_decks (imported by .catalog: no import cycle)
EXTRA_COSTS: dict = {}


@dataclass
class AllyExhaustion(Exhaustion):
    """"Place 1 exhaustion on this Ally to ...": the Ally whose card it is takes it, never
    beyond its Stamina; the Ally must be with its Hero."""

    op = "ally_exhaustion"

    def _ally(self, ctx):
        ally = ctx.owner.ally(ctx.source)
        if ally is None:
            raise IllegalAction(f"{ctx.source}: {ctx.owner.name} has no such Ally")
        return ally

    def room(self, ctx) -> int:
        ally = self._ally(ctx)
        return ctx.engine.stat(ally, "stamina") - ally.exhaustion

    def check(self, ctx):
        ally = self._ally(ctx)
        n = self.amount_value(ctx)
        if n > self.room(ctx):
            raise IllegalAction(
                f"{ctx.source}: {n} exhaustion would give {ally.name} {ally.exhaustion + n} "
                f"exhaustion with Stamina {ctx.engine.stat(ally, 'stamina')}; a player may "
                "never choose to take exhaustion that would turn into a wound")

    def pay(self, ctx):
        ctx.engine.add_exhaustion(self._ally(ctx), self.amount_value(ctx), source=ctx.source,
                                  chosen=True)


def build_cost(ir: dict) -> Cost:
    op = ir["op"]
    if op == "activate":
        return Activate()
    if op == "discard":
        return Discard()
    if op in EXTRA_COSTS:  # family 5/6 (issue 21): registered by effects_decks
        return EXTRA_COSTS[op](ir)
    amount = Amount.from_ir(ir["amount"])
    return {"exhaustion": Exhaustion, "wounds": Wounds, "gold": Gold,
            "ally_exhaustion": AllyExhaustion}[op](amount)
