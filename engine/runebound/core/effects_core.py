"""Effect objects of the language's compositional core (issue 32, part III): a clause said of
other Heroes (``each_hero``: "Each Hero in a swamp space takes 1 wound."), an effect repeated
for each thing counted (``repeat``: "Gain 1 gold for each Ally you have."), losing gold,
ending the turn, discarding an Ally (an effect and a cost), and a payment inside the text
(``pay_to``: "On 4–6, pay 1 gold to draw 1 market card.").

Registered in :data:`runeforge.engine.runebound.core.effects.EXTRA_BUILDERS` and
:data:`runeforge.engine.runebound.core.costs.EXTRA_COSTS` (imported by effects.py's end, no
cycle: this module imports effects.py's names lazily).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from runeforge.engine.common.errors import IllegalAction

from .effects_trig import ally_leaves
from .herofacts import count, hero_place
from .ir_lists import matches
from .state import Hero


class _CoreEffect:
    op = ""
    static_kind = False

    def describe(self) -> str:
        return self.op


def _all_heroes(engine, ctx) -> list:
    """Every Hero in the game (none knocked out of the endgame), else the Heroes the engine
    knows (a scenario's combat)."""
    game = getattr(engine, "game", None)
    if game is not None:
        out = set(game.state.endgame.get("out", ()))
        return [h for h in game.state.heroes if h.id not in out]
    heroes = [h for h in engine.state.heroes if isinstance(h, Hero)]
    return heroes or [ctx.owner]


def pick_another(engine, ctx, heroes: list) -> list:
    """One of ``heroes`` (the other Heroes), chosen by the card's Hero; none if there is none."""
    if len(heroes) <= 1:
        return heroes
    pick = engine.ask(ctx.owner, "target", [h.id for h in heroes], source=ctx.source,
                      what="another Hero")
    return [h for h in heroes if h.id == pick][:1]


def select(engine, ctx, sel: dict) -> list:
    """The Heroes ``sel`` (the IR of a selector) picks, in seat order."""
    from .effects import EXTRA_TARGETS

    who = sel["who"]
    if sel.get("place") == "space" or sel.get("within") is not None:
        key = "each_hero_in_space" if sel.get("within") is None \
            else f"each_hero_within_{sel['within']}"
        heroes = EXTRA_TARGETS[key](engine, ctx)
    else:
        heroes = _all_heroes(engine, ctx)
    if who in ("each_other", "another"):
        heroes = [h for h in heroes if h is not ctx.owner]
    place = sel.get("place")
    if place == "town":  # issue 32: "each Hero in a town"
        heroes = [h for h in heroes if (hero_place(engine, h) or (None, None))[1] is not None]
    elif place not in (None, "space"):
        heroes = [h for h in heroes  # one terrain or a list of them (issue 32, lists)
                  if matches((hero_place(engine, h) or (None,))[0], place)]
    having = sel.get("having")
    if having:
        if having["count"]:
            heroes = [h for h in heroes if count(h, having["what"]) >= having["count"]]
        else:  # "with no ..." (issue 32, session rbsubj)
            heroes = [h for h in heroes if count(h, having["what"]) == 0]
    if who == "another":  # branch rbverb: "another Hero": the card's Hero picks one
        return pick_another(engine, ctx, heroes)
    if who in ("most", "fewest"):
        if not heroes:
            return []
        counts = {h.id: count(h, sel["measure"]) for h in heroes}
        best = (max if who == "most" else min)(counts.values())
        tied = [h for h in heroes if counts[h.id] == best]
        if len(tied) == 1:
            return tied
        pick = engine.ask(ctx.owner, "target", [h.id for h in tied], source=ctx.source,
                          what=f"the Hero with the {who} {sel['measure']}")
        return [h for h in tied if h.id == pick][:1]
    return heroes


@dataclass
class EachHero(_CoreEffect):
    selector: dict
    effects: list
    op = "each_hero"

    def run(self, ctx):
        from .effects import run_all

        for hero in select(ctx.engine, ctx, self.selector):
            run_all(self.effects, replace(ctx, owner=hero, actor=hero, outcome=None))
            if ctx.engine.finished:
                return


@dataclass
class Repeat(_CoreEffect):
    per: str
    effects: list
    most: int | None = None  # "(maximum 3)": at most this many times
    op = "repeat"

    def run(self, ctx):
        from .effects import run_all

        times = count(ctx.owner, self.per)
        if self.most is not None:
            times = min(times, self.most)
        ctx.engine.log.emit("repeat", source=ctx.source, hero=ctx.owner.id, per=self.per,
                            times=times)
        for _ in range(times):
            run_all(self.effects, ctx)
            if ctx.engine.finished:
                return


@dataclass
class LoseGold(_CoreEffect):
    amount: object
    op = "lose_gold"

    def run(self, ctx):
        lost = min(ctx.owner.gold, self.amount.resolve(ctx, upper=ctx.owner.gold))  # "all"
        if lost:
            ctx.engine.gain_gold(ctx.owner, -lost, source=ctx.source)


@dataclass
class KeepTrophy(_CoreEffect):
    """The card whose text this is becomes the Hero's trophy; whoever would discard it after
    its text (an encounter, a defeated challenge) sees it in ``hero.trophies`` and keeps it."""

    op = "keep_trophy"

    def run(self, ctx):
        if ctx.source and ctx.source not in ctx.owner.trophies:
            ctx.owner.trophies.append(ctx.source)
            ctx.engine.log.emit("trophy", hero=ctx.owner.id, card=ctx.source)


@dataclass
class EndTurn(_CoreEffect):
    op = "end_turn"

    def run(self, ctx):
        engine = ctx.engine
        grant = {"hero": ctx.owner.id, "source": ctx.source, "op": self.op}
        engine.grants.append(grant)
        engine.log.emit("grant", **grant)


def _ally_options(hero) -> list[str]:
    return [a.id for a in hero.allies]


def discard_ally(ctx) -> str | None:
    hero = ctx.owner
    options = _ally_options(hero)
    if not options:
        return None
    pick = options[0] if len(options) == 1 else \
        ctx.engine.ask(hero, "discard_ally", options, source=ctx.source)
    ally = hero.ally(pick)
    ally_leaves(ctx.engine, hero, pick)  # "this Ally is discarded" (issue 32, branch rbtrig)
    if ally not in hero.allies:
        return ally.id
    hero.allies.remove(ally)
    ctx.engine.modifiers_changed()
    ctx.engine.state.market_bottom.append(ally.id)
    ctx.engine.log.emit("discarded", hero=hero.id, card=ally.id, to="market_bottom")
    return ally.id


@dataclass
class DiscardAlly(_CoreEffect):
    op = "discard_ally"

    def run(self, ctx):
        discard_ally(ctx)


def _can_pay(costs, ctx) -> bool:
    """Whether the Hero can pay ``costs`` now; when it cannot, the log says the payment was
    not made (``branch``, outcome ``pay``)."""
    try:
        for cost in costs:
            cost.check(ctx)
    except IllegalAction:
        ctx.engine.log.emit("branch", source=ctx.source, outcome="pay", taken=False)
        return False
    return True


@dataclass
class PayTo(_CoreEffect):
    """"pay 1 gold to ...": the Hero may pay (when it can); if it does, the effects happen."""

    costs: list
    effects: list
    op = "pay_to"

    def run(self, ctx):
        from .effects import run_all

        if not _can_pay(self.costs, ctx):
            return
        if not ctx.engine.ask(ctx.owner, "optional", [True, False], source=ctx.source):
            return
        for cost in self.costs:
            cost.pay(ctx)
        run_all(self.effects, ctx)


@dataclass
class PayOr(_CoreEffect):
    """"pay 3 gold or take 2 wounds": the Hero may pay (when it can); if it does not, the
    effects happen."""

    costs: list
    effects: list
    raw: list
    op = "pay_or"

    def run(self, ctx):
        from .effects import run_all

        if not _can_pay(self.costs, ctx):
            run_all(self.effects, ctx)
            return
        if ctx.engine.ask(ctx.owner, "optional", [True, False], source=ctx.source,
                          otherwise=self.raw):
            for cost in self.costs:
                cost.pay(ctx)
            ctx.engine.log.emit("branch", source=ctx.source, outcome="pay", taken=True)
            return
        ctx.engine.log.emit("branch", source=ctx.source, outcome="pay", taken=False)
        run_all(self.effects, ctx)


class DiscardAllyCost:
    """The cost "discard one of your Allies"."""

    op = "discard_ally"

    def amount_value(self, ctx) -> int:
        return 0

    def x_room(self, ctx):
        return None

    def check(self, ctx):
        if not ctx.owner.allies:
            raise IllegalAction(f"{ctx.source}: {ctx.owner.name} has no Ally to discard")

    def pay(self, ctx):
        discard_ally(ctx)


def _builders():
    from .costs import build_cost
    from .effects import Amount, build_effects

    return {
        "each_hero": lambda ir: EachHero(dict(ir["selector"]), build_effects(ir["effects"])),
        "repeat": lambda ir: Repeat(ir["per"], build_effects(ir["effects"]), ir.get("most")),
        "lose_gold": lambda ir: LoseGold(Amount.from_ir(ir["amount"])),
        "end_turn": lambda ir: EndTurn(),
        "keep_trophy": lambda ir: KeepTrophy(),
        "discard_ally": lambda ir: DiscardAlly(),
        "pay_to": lambda ir: PayTo([build_cost(c) for c in ir["costs"]],
                                   build_effects(ir["effects"])),
        "pay_or": lambda ir: PayOr([build_cost(c) for c in ir["costs"]],
                                   build_effects(ir["effects"]), list(ir["effects"])),
    }


def _ally_defeated(wanted: dict, event: dict, ctx) -> bool:
    """"When this Ally is defeated": the Ally whose card says it, of the Hero who holds it."""
    return event.get("hero") == ctx.owner.id and event.get("ally") == ctx.source


def _card_traded(wanted: dict, event: dict, ctx) -> bool:
    """"When you buy / sell this card": the market fires ``{"kind": "card_buy" | "card_sell",
    "hero", "card"}`` while the Hero holds the card (just bought, about to be sold)."""
    return event.get("hero") == ctx.owner.id and event.get("card") == ctx.source


def install(extra_builders: dict, extra_costs: dict, matchers: dict | None = None) -> None:
    if matchers is not None:
        matchers["ally_defeated"] = _ally_defeated
        matchers["card_buy"] = matchers["card_sell"] = _card_traded
    extra_builders.update(_builders())
    extra_costs["discard_ally"] = lambda ir: DiscardAllyCost()


# Registered as the other families register theirs (imported by the catalog): the effect ops
# of the compositional core and its cost "discard one of your Allies" (issue 32, part III).
from . import effects as _fx  # noqa: E402
from .costs import EXTRA_COSTS as _EXTRA_COSTS  # noqa: E402

install(_fx.EXTRA_BUILDERS, _EXTRA_COSTS, _fx.EVENT_MATCHERS)
