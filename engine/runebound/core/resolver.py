"""Engine services the effect objects call: stats with modifiers, wounds and exhaustion, the
wounds-being-inflicted window, rolls, ability use with costs and limits, durations, triggers.

:class:`~runeforge.engine.runebound.combat.combat.Combat` builds the combat flow on top of this.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.decisions import Decision
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.common.log import EventLog

from .activation import activation_bar
from .cardtext import CardText
from .cardwindows import HELD, runner
from .catalog import Ability, Catalog
from .durations_nest import flatten
from .effects import EXTRA_TARGETS, Context, run_all
from .effects_combat import capped_wounds, immune_to
from .effects_rbsubj import run_context  # branch rbsubj
from .effects_trig import ally_leaves
from .firings import may_fire, trigger_instances
from .rolls import Rolls
from .ruleset import Ruleset
from .standing import StandingRules
from .state import ActiveEffect, Figure, Hero, State, copies_held, item_left
from .windows import WOUNDS_INFLICTED, Moment, moment_at, timing_refusal
from .wounds_rbwound import first_cancelled  # branch rbwound

MAX_TRIGGER_DEPTH = 8
MOVEMENT_OPS = frozenset({"move", "movement_dice"})  # the movement step's, never a combat's


class Defeat(Exception):  # noqa: N818 - control flow, not an error
    """Raised when a Hero or a challenge is defeated; ends the combat at once."""

    def __init__(self, figure: Figure):
        super().__init__(figure.id)
        self.figure = figure


@dataclass
class WoundBatch:
    figure: Figure
    amount: int
    source: str
    phase: str | None


class Resolver(Rolls, StandingRules, CardText):
    def __init__(self, catalog: Catalog, state: State, dice, players: dict, ruleset: Ruleset,
                 log: EventLog | None = None):
        self.catalog, self.state, self.dice, self.players = catalog, state, dice, players
        self.ruleset = ruleset
        self.log = log if log is not None else EventLog()
        self.moment = moment_at(window="none", turn=state.turn)
        self.enemies: dict[str, Figure] = {}  # hero id -> that Hero's enemy
        self.finished = False
        self._trigger_depth = 0
        self._built: dict[int, list] = {}
        self.round_attacks: set[str] = set()  # figures that attacked this combat round
        self._faced_done: dict[str, tuple] = {}  # hero id -> the moment its enemy's text ran
        # issue 32: wounds that landed on each figure since its combat began (Combat._begin
        # empties it; read by the condition "if you took no wounds"), and the totals that the
        # triggers of the tests under way add to ("add 3 to the result", effects_when.py)
        self.combat_wounds: dict[str, int] = {}
        self.round_wounds: dict[str, int] = {}  # combat_wounds as the round began (rbsix2)
        self.test_bonuses: list[int] = []

    @property
    def grants(self) -> list[dict]:
        """Movement / market effects for the turn loop, kept in the state (a saved game keeps
        those not yet applied)."""
        return self.state.grants

    @grants.setter
    def grants(self, value: list[dict]) -> None:
        self.state.grants = value

    def round_begins(self) -> None:
        """Note the wounds landed so far, so that those of this round are told (branch rbsix2:
        "if you did not inflict at least 1 wound on your enemy this round")."""
        self.round_wounds = dict(self.combat_wounds)

    def _landed(self, fig: Figure, wounds: int) -> None:
        """Count ``wounds`` landed on ``fig`` in its combat ("if you took no wounds")."""
        self.combat_wounds[fig.id] = self.combat_wounds.get(fig.id, 0) + wounds

    # ----------------------------------------------------------------- decisions
    def ask(self, hero: Hero, kind: str, options: list, source: str | None = None, **info):
        decision = Decision(kind, hero.id, list(options), source, info)
        answer = self.players[hero.id].decide(decision, self)
        self.log.emit("decision", hero=hero.id, kind=kind, options=_jsonable(options),
                      answer=answer, source=source)
        if kind == "x" and not (isinstance(answer, int) and answer >= 0):
            raise IllegalAction(f"{hero.name}: X must be a whole number >= 0, got {answer!r}")
        if kind not in ("use_ability", "x") and answer not in decision.options:
            raise IllegalAction(f"{hero.name}: {answer!r} is not a legal answer to {kind!r} "
                                f"here; legal: {decision.options!r}")
        return answer

    def ability(self, ref: str) -> Ability:
        card_id, _, index = ref.rpartition("#")
        card = self.catalog.card(card_id)
        try:
            return card.abilities[int(index)]
        except (ValueError, IndexError):
            raise IllegalAction(f"{card.name} has no ability {index!r}") from None

    # ----------------------------------------------------------------- sides, targets
    def heroes(self) -> list[Hero]:
        return [h for h in self.state.heroes if h.id in self.enemies]

    def enemy_of(self, fig: Figure) -> Figure:
        return self.enemies[fig.id]

    def owner_of(self, fig: Figure) -> Hero | None:
        for h in self.state.heroes:
            if h is fig or any(a is fig for a in h.allies):
                return h
        return None

    def targets(self, ctx: Context, target: str, choose: bool = True) -> list[Figure]:
        owner = ctx.owner
        if target in EXTRA_TARGETS:  # targets of the language's later families (issue 21)
            return EXTRA_TARGETS[target](self, ctx)
        others = [h for h in self.heroes() if h is not owner]
        if target in ("hero", "you"):
            return [owner]
        if target == "enemy":
            return [self.enemies[owner.id]] if owner.id in self.enemies else []
        if target == "each_ally":
            return list(owner.allies)
        if target == "each_hero":
            return self.heroes() or [owner]
        if target == "each_other_hero":
            return others
        pool = {"ally": owner.allies, "hero_or_ally": [owner, *owner.allies],
                "another_hero": others}[target]
        if not choose:
            return list(pool)
        if not pool:
            return []
        pick = self.ask(owner, "target", [f.id for f in pool], source=ctx.source, what=target)
        return [f for f in pool if f.id == pick][:1]

    # ----------------------------------------------------------------- tokens
    def set_tokens(self, fig: Figure, attr: str, value: int, source: str | None,
                   cause: str | None = None) -> None:
        old = getattr(fig, attr)
        if old == value:
            return
        setattr(fig, attr, value)
        self.log.emit("state", figure=fig.id, field=attr, old=old, new=value, source=source,
                      cause=cause)
        if attr == "wounds" and value > old:
            self.check_defeat(fig)

    def check_defeat(self, fig: Figure) -> None:
        if not self.ruleset.is_defeated(fig.wounds, self.stat(fig, "life")):
            return
        if fig.kind == "ally":
            owner = self.owner_of(fig)
            if owner is not None and fig in owner.allies:
                # issue 32: "When this Ally is defeated, ..." (its rule, while it still holds)
                self.fire({"kind": "ally_defeated", "hero": owner.id, "ally": fig.id})
                self.fire({"kind": "ally_lost", "hero": owner.id, "ally": fig.id})  # any Ally
                ally_leaves(self, owner, fig.id)  # "this Ally is discarded" (branch rbtrig)
                if fig not in owner.allies:
                    return
                owner.allies.remove(fig)
                self.modifiers_changed()
                self.state.market_bottom.append(fig.id)
                self.log.emit("ally_killed", ally=fig.id, hero=owner.id)
            return
        if self.moment.in_combat:
            raise Defeat(fig)

    def inflict(self, fig: Figure, amount: int, source: str | None, phase: str | None) -> int:
        """Put wounds on ``fig``; on a Hero they go through the wounds-being-inflicted window."""
        if amount <= 0:
            return 0
        immune = immune_to(self, fig, phase)  # ---- family 7: combat
        if immune is not None:
            self.log.emit("immune", figure=fig.id, amount=amount, source=immune, phase=phase)
            return 0
        batch = WoundBatch(fig, amount, source or "", phase)
        self.log.emit("wounds_inflicted", figure=fig.id, amount=amount, source=source,
                      phase=phase)
        owner = fig if isinstance(fig, Hero) else self.owner_of(fig)
        batch.amount = first_cancelled(self, fig, batch.amount)  # branch rbwound
        if owner is not None and batch.amount > 0:  # a Hero or its Ally: its player may react
            self.open_window(owner, WOUNDS_INFLICTED, pending=batch)
        taken = capped_wounds(self, fig, batch.amount)  # ---- family 7: combat
        if taken > 0:
            self._landed(fig, taken)
            try:
                self.set_tokens(fig, "wounds", fig.wounds + taken, source, cause="wounds")
            except Defeat:
                try:  # triggers caused by the same wounds still fire first ...
                    self.fire({"kind": "takes_wounds", "figure": fig.id, "amount": taken,
                               "phase": phase})
                except Defeat:  # ... but the first defeat is the one that ends the combat
                    self.log.emit("simultaneous_defeat", figure=fig.id)
                raise
            self.fire({"kind": "takes_wounds", "figure": fig.id, "amount": taken,
                       "phase": phase})
        return taken

    def cancel_wounds(self, batch: WoundBatch, n: int, source: str) -> None:
        n = min(n, batch.amount)
        batch.amount -= n
        self.log.emit("wounds_cancelled", figure=batch.figure.id, amount=n, source=source,
                      left=batch.amount)

    def add_exhaustion(self, fig: Figure, n: int, source: str | None, chosen: bool) -> None:
        stamina = self.stat(fig, "stamina")
        if chosen and fig.exhaustion + n > stamina:
            raise IllegalAction(
                f"{source}: {fig.name} has {fig.exhaustion} exhaustion and Stamina {stamina}; "
                f"taking {n} would turn exhaustion into wounds, which a player may never choose")
        new = fig.exhaustion + n
        overflow = max(0, new - stamina)
        self.set_tokens(fig, "exhaustion", new - overflow, source, cause="exhaustion")
        if overflow:
            self.log.emit("exhaustion_overflow", figure=fig.id, wounds=overflow)
            self._landed(fig, overflow)
            self.set_tokens(fig, "wounds", fig.wounds + overflow, source, cause="exhaustion")
            self.fire({"kind": "takes_wounds", "figure": fig.id, "amount": overflow,
                       "phase": None})

    def gain_gold(self, hero: Hero, n: int, source: str | None) -> None:
        self.set_tokens(hero, "gold", max(0, hero.gold + n), source, cause="gold")

    def discard_item(self, hero: Hero, card_id: str) -> None:
        hero.items.remove(card_id)
        self.modifiers_changed()
        item_left(hero, card_id)
        self.state.market_bottom.append(card_id)
        self.log.emit("discarded", hero=hero.id, card=card_id, to="market_bottom")

    def discard_this_ally(self, hero: Hero, ally_id: str) -> None:
        """An Ally discarded as its own card's cost goes under the market, as a discarded
        Ally does ("Discard one of your Allies.")."""
        ally_leaves(self, hero, ally_id)  # "this Ally is discarded" (issue 32, branch rbtrig)
        if hero.ally(ally_id) is None:
            return
        hero.allies.remove(hero.ally(ally_id))
        self.modifiers_changed()
        self.state.market_bottom.append(ally_id)
        self.log.emit("discarded", hero=hero.id, card=ally_id, to="market_bottom")

    # ----------------------------------------------------------------- activation
    def check_activation(self, hero: Hero, card_id: str) -> None:
        name = self.catalog.card(card_id).name
        if self.face_down(hero, card_id):
            raise IllegalAction(f"{name} is already activated (face down) until refreshed")
        allowance, key = self.moment.activation_scope()
        limit = getattr(self.ruleset, allowance, 1) if allowance else 1
        if hero.activations.get(key, 0) >= limit:
            step = key.split(":")[0].replace("_", " ")
            raise IllegalAction(
                f"cannot activate {name}: {hero.name} has already activated {limit} card(s) "
                f"in this {step} step ({', '.join(hero.activated) or '-'}); one-use and "
                "constant cards do not count")

    def face_down(self, hero: Hero, card_id: str) -> bool:
        """Is every copy of ``card_id`` the Hero holds activated? Each copy is activated once
        (issue 32, branch runs4), as each has its own uses (:meth:`refusal`): ``activated``
        lists the card once per copy face down, so saved games read as before. The copies are
        counted once for all (:func:`.state.copies_held`)."""
        return hero.activated.count(card_id) >= max(1, copies_held(hero, card_id))

    def activate(self, hero: Hero, card_id: str) -> None:
        _, key = self.moment.activation_scope()
        hero.activations[key] = hero.activations.get(key, 0) + 1
        hero.activated.append(card_id)
        self.log.emit("activated", hero=hero.id, card=card_id, scope=key)

    # ----------------------------------------------------------------- abilities
    def candidates(self, hero: Hero) -> list[Ability]:
        """The abilities ``hero``'s player may use, in some window, with the cards held: those
        the table of card windows (:mod:`.cardwindows`) gives a Hero who holds the card."""
        card = self.catalog.card
        return [a for card_id in self.held_cards(hero) for a in card(card_id).held_abilities]

    def fitting(self, hero: Hero) -> list[Ability]:
        """The abilities of ``hero``'s cards whose timing fits the moment (its window and
        step; whether each may be used now is :meth:`refusal`'s question)."""
        moment = self.moment
        return self.held_cached(("fitting", moment.window, moment.step,
                                 *self.held_cards(hero)),
                                self._fitting_now, hero, moment)

    def _fitting_now(self, hero: Hero, moment: Moment) -> list[Ability]:
        return [a for a in self.candidates(hero) if timing_refusal(a, moment) is None]

    def refusal(self, hero: Hero, ability: Ability, pending: WoundBatch | None = None):
        name = self.catalog.card(ability.card_id).name
        if ability.card_id not in self.held_cards(hero):
            return f"{hero.name} does not hold {name}"
        why = timing_refusal(ability, self.moment)
        if why:
            return f"{name}: {why}"
        kind = self.catalog.card(ability.card_id).kind
        if runner(kind, ability.timing) != HELD:  # the table of card windows
            return (f"{name}: the text of the {kind} card is not an ability its holder uses "
                    "(docs/windows.md)")
        if pending is not None and not _cancels_for(ability, hero, pending.figure):
            return f"{name}: the wounds are being inflicted on {pending.figure.name}"
        if ability.attacks and hero.id not in self.enemies:
            return f"{name}: {hero.name} has no enemy to attack (no combat)"
        if self.moment.in_combat and ability.effect_ops & MOVEMENT_OPS:
            return f"{name}: movement effects are used in the movement step, not in a combat"
        if self.moment.round > 0 and ability.attacks:
            actor = hero.ally(ability.card_id) or hero
            if actor.id in self.round_attacks:
                # seed 002 "Hero or Allies may each attack in one phase only" (each round)
                return f"{name}: {actor.name} has already attacked this combat round"
        barred = activation_bar(self, kind, ability)  # issue 32 (session rbrules)
        if barred:
            return f"{name}: {barred}"
        if "activate" in ability.cost_ops and self.face_down(hero, ability.card_id):
            return f"{name} is already activated (face down) until refreshed"
        # Each copy of the card held has its own uses (issue 32, branch runs3): a choice names
        # the ability, not the copy, and copies are alike, so a bucket holds as many uses as
        # the Hero holds copies (the keys of one copy, so saved games read as before);
        # activations and firings count copies so too (state.copies_held, branch mends).
        copies = max(1, copies_held(hero, ability.card_id))
        for bucket in self.moment.limit_buckets(ability.limits, ability.tag):
            if hero.used.get(f"{ability.ref}@{bucket}", 0) >= copies:  # one use a copy
                return f"{name}: already used ({_bucket_text(bucket)})"
        ctx = Context(self, hero, ability.card_id, pending=pending)
        try:
            for cost in ability.costs:
                if cost.x_room(ctx) is not None:
                    ctx.x = 1  # the smallest useful X must be payable
                cost.check(ctx)
        except IllegalAction as exc:
            return str(exc)
        return None

    def use_ability(self, hero: Hero, ref: str, pending: WoundBatch | None = None) -> None:
        ability = self.ability(ref)
        why = self.refusal(hero, ability, pending)
        if why:
            raise IllegalAction(why)
        actor = hero.ally(ability.card_id) or hero
        ctx = Context(self, hero, ability.card_id, actor=actor, pending=pending,
                      phase=self.moment.step)
        rooms = [c.x_room(ctx) for c in ability.costs if c.x_room(ctx) is not None]
        if rooms:
            ctx.x = self.ask(hero, "x", list(range(1, min(rooms) + 1)), source=ability.card_id)
        for cost in ability.costs:
            cost.check(ctx)
        for bucket in self.moment.limit_buckets(ability.limits, ability.tag):
            key = f"{ability.ref}@{bucket}"
            hero.used[key] = hero.used.get(key, 0) + 1
        self.log.emit("use_ability", hero=hero.id, ability=ref, text=ability.source,
                      window=self.moment.window, x=ctx.x)
        for cost in ability.costs:
            self.log.emit("pay", hero=hero.id, cost=cost.op, source=ability.card_id)
            cost.pay(ctx)
        run_all(ability.effects, ctx)

    def open_window(self, hero: Hero, window: str, pending: WoundBatch | None = None) -> None:
        """Let ``hero``'s player use abilities that fit ``window`` until it passes."""
        outer = self.moment
        if window != outer.window:
            self.moment = moment_at(window, outer.step, outer.combat, outer.round, outer.turn)
        try:
            if pending is None:
                self.faced_text(hero, window)  # the challenge's text first
            while pending is None or pending.amount > 0:
                fitting = self.fitting(hero)
                if not fitting:
                    break
                legal = [a.ref for a in fitting if self.refusal(hero, a, pending) is None]
                choice = self.ask(hero, "use_ability", [*legal, None], window=window,
                                  pending=pending.amount if pending else 0)
                if choice is None:
                    break
                self.use_ability(hero, choice, pending)
        finally:
            self.moment = outer

    # ----------------------------------------------------------------- durations, triggers
    def add_duration(self, ctx: Context, until: str, effects_ir: list[dict]) -> None:
        # a duration inside it is a duration of its own, to the earlier end (durations_nest)
        for end, held in flatten(until, effects_ir):
            self.state.effects.append(ActiveEffect(ctx.owner.id, ctx.source, end,
                                                   list(held), ctx.x))
            self.log.emit("duration", hero=ctx.owner.id, source=ctx.source, until=end)

    def expire(self, until: str) -> None:
        for active in [e for e in self.state.effects if e.until == until]:
            self.state.effects.remove(active)
            self._built.pop(id(active), None)
            self.log.emit("expired", hero=active.owner, source=active.source, until=until)

    def fire(self, event: dict) -> None:
        if self._trigger_depth >= MAX_TRIGGER_DEPTH:  # cards that set each other off
            self.log.emit("trigger_loop", depth=self._trigger_depth, event=event)
            return  # the chain stops here (one card alone cannot loop: RF444)
        if not self.state.effects and "trigger" not in self.catalog.standing_ops:
            return  # no card has an always-on trigger and no duration is in force
        self._trigger_depth += 1
        try:
            # a snapshot: what the triggers do may change what is held
            for owner, card_id, effect, x, key, copies in trigger_instances(self):
                ctx = Context(self, owner, card_id, x=x, phase=event.get("phase"))
                if effect.matches(event, ctx, self) and \
                        (ctx := run_context(self, effect, event, ctx)) is not None and \
                        may_fire(self, owner, card_id, effect.raw, key, copies):  # rbsubj
                    self.log.emit("trigger", hero=owner.id, source=card_id, event=event)
                    run_all(effect.effects, ctx)
        finally:
            self._trigger_depth -= 1

    # ----------------------------------------------------------------- other windows' effects
    def movement_effect(self, ctx: Context, effect) -> None:
        """Movement grants are recorded for the movement step (the turn loop applies them)."""
        if self.moment.in_combat:
            raise IllegalAction(f"{ctx.source}: movement effects are used in the movement step")
        grant = {"hero": ctx.owner.id, "source": ctx.source, "op": effect.op,
                 "amount": effect.amount.resolve(ctx)}
        if effect.op == "move":
            grant.update(any_direction=effect.any_direction,
                         instead_of_rolling=effect.instead_of_rolling)
        self.grants.append(grant)
        self.log.emit("grant", **grant)

    def market_effect(self, ctx: Context, effect) -> None:
        grant = {"hero": ctx.owner.id, "source": ctx.source, "op": effect.op,
                 "amount": effect.amount.resolve(ctx)}
        self.grants.append(grant)
        self.log.emit("grant", **grant)


def _bucket_text(bucket: str) -> str:
    kind = bucket.split(":")[0]
    return {"turn": "once per turn", "combat": "once per combat", "round": "once per round",
            "before_combat": "once during Before Combat"}.get(kind, "once in this step")


_PLAIN = (str, int, bool, type(None))  # written to the log as they are


def _jsonable(options):
    return [o if isinstance(o, _PLAIN) else str(o) for o in options]


def _cancels_for(ability: Ability, hero: Hero, figure: Figure) -> bool:
    """Does the ability react to wounds landing on ``figure`` (its owner ``hero`` or one of
    the Hero's Allies)? Its cancel targets say whose wounds."""
    on_hero = figure is hero
    return any(t == "hero_or_ally" or (t == "hero") == on_hero for t in ability.cancel_targets)
