"""Executable effect objects, built from the compiled IR only (docs/effect-ir.md).

One small class per IR op. Objects are composed (``if``, ``optional``, ``for_duration`` and
``trigger`` hold lists of effects) and run against a :class:`Context`, which gives them the
engine services (rolls, wounds, decisions). No class knows any card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runeforge.engine.common.errors import IllegalAction

from .durations_used import used_until


@dataclass(frozen=True)
class Amount:
    kind: str
    value: int = 0
    values: tuple[int, ...] = ()

    @classmethod
    def from_ir(cls, ir: dict) -> Amount:
        return cls(ir["kind"], ir.get("value", 0), tuple(ir.get("values", ())))

    def resolve(self, ctx: Context, upper: int | None = None, what: str = "amount") -> int:
        if self.kind == "fixed":
            return self.value
        if self.kind == "x":
            if ctx.x is None:
                raise IllegalAction(f"{ctx.source}: X is not bound by a paid cost")
            return ctx.x
        if self.kind == "at_least":
            return self.value
        if self.kind == "all":
            if upper is None:
                raise IllegalAction(f"{ctx.source}: 'all' has nothing to count here")
            return upper
        if self.kind == "choice":
            options = list(self.values)
        else:  # up_to
            options = list(range(self.value, -1, -1))
        if upper is not None:
            options = [v for v in options if v <= upper] or [min(options)]
        return ctx.engine.ask(ctx.owner, "amount", options, source=ctx.source, what=what)

    def text(self) -> str:
        return {"fixed": str(self.value), "x": "X", "all": "all",
                "choice": " or ".join(map(str, self.values)), "up_to": f"up to {self.value}",
                "at_least": f"{self.value} or more"}[self.kind]


@dataclass
class Context:
    """Where and for whom an ability runs."""

    engine: object  # the combat resolver (engine services)
    owner: object  # the Hero using (or facing) the ability: "you"
    source: str  # card id
    actor: object = None  # the figure acting (an Ally for its own attack), default owner
    hostile: bool = False  # the ability is on the enemy's challenge card
    x: int | None = None
    outcome: str | None = None
    pending: object = None  # the WoundBatch being inflicted (reaction window)
    phase: str | None = None

    def __post_init__(self):
        if self.actor is None:
            self.actor = self.owner


class Effect:
    op = ""
    static_kind = False  # modify / cost_modifier / restrict / trigger: registered, not run

    def run(self, ctx: Context) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        return self.op


@dataclass
class Attack(Effect):
    phase: str
    bonus: int
    damage: str = "normal"  # "effect": the ability's "If you succeed" says what is inflicted
    op = "attack"

    def run(self, ctx):
        if ctx.owner.id not in ctx.engine.enemies:  # outside a combat: no enemy to attack
            ctx.engine.log.emit("no_enemy", hero=ctx.owner.id, source=ctx.source, op=self.op)
            ctx.outcome = None  # neither "If you succeed" nor "If you fail" follows
            return
        hit = ctx.engine.ability_attack(ctx, self.phase, self.bonus,
                                        normal_damage=self.damage == "normal")
        ctx.outcome = "success" if hit else "failure"


@dataclass
class Inflict(Effect):
    amount: Amount
    target: str
    op = "inflict"

    def run(self, ctx):
        for fig in ctx.engine.targets(ctx, self.target):
            ctx.engine.inflict(fig, self.amount.resolve(ctx), source=ctx.source, phase=None)


@dataclass
class Suffer(Effect):
    amount: Amount
    token: str
    target: str
    op = "suffer"

    def run(self, ctx):
        for fig in ctx.engine.targets(ctx, self.target):
            n = self.amount.resolve(ctx)
            if self.token == "wound":
                ctx.engine.inflict(fig, n, source=ctx.source, phase=None)
            else:
                ctx.engine.add_exhaustion(fig, n, source=ctx.source, chosen=False)


@dataclass
class Cancel(Effect):
    amount: Amount
    target: str
    op = "cancel"

    def run(self, ctx):
        batch = ctx.pending
        if batch is None or batch.amount <= 0:
            raise IllegalAction(f"{ctx.source}: no wounds are being inflicted to cancel")
        n = self.amount.resolve(ctx, upper=batch.amount, what="wounds to cancel")
        ctx.engine.cancel_wounds(batch, n, source=ctx.source)


@dataclass
class Heal(Effect):
    amount: Amount
    tokens: tuple[str, ...]
    target: str
    op = "heal"

    def run(self, ctx):
        for fig in ctx.engine.targets(ctx, self.target):
            for token in self.tokens:
                attr = "wounds" if token == "wound" else "exhaustion"
                have = getattr(fig, attr)
                n = min(have, self.amount.resolve(ctx, upper=have, what=f"{token} to discard"))
                ctx.engine.set_tokens(fig, attr, have - n, source=ctx.source)


@dataclass
class Test(Effect):
    attribute: str
    skill: str | None
    target_number: int
    op = "test"

    def run(self, ctx):
        ok = ctx.engine.skill_test(ctx, self.attribute, self.skill, self.target_number)
        ctx.outcome = "success" if ok else "failure"


@dataclass
class If(Effect):
    outcome: str
    effects: list[Effect]
    op = "if"

    def run(self, ctx):
        taken = ctx.outcome == self.outcome
        ctx.engine.log.emit("branch", source=ctx.source, outcome=self.outcome, taken=taken)
        if taken:
            run_all(self.effects, ctx)


@dataclass
class Optional(Effect):
    effects: list[Effect]
    op = "optional"

    def run(self, ctx):
        if ctx.engine.ask(ctx.owner, "optional", [True, False], source=ctx.source):
            run_all(self.effects, ctx)


@dataclass
class Modify(Effect):
    target: str
    stat: str
    value: int
    op = "modify"
    static_kind = True

    def run(self, ctx):  # a used (non-static) modifier lasts to the end of the round
        # (outside a combat, to the end of the turn: branch runs; it outlived the turn)
        ctx.engine.add_duration(ctx, used_until(ctx, "end_of_round"), [self.ir()])

    def ir(self):
        return {"op": "modify", "target": self.target, "stat": self.stat, "value": self.value}


@dataclass
class CostModifier(Effect):
    subjects: tuple[str, ...]
    delta: int | None = None
    factor: int | None = None
    minimum: int | None = None  # issue 32 (session rbrules): the price's floor
    op = "cost_modifier"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        d = {"op": "cost_modifier", "subjects": list(self.subjects)}
        if self.delta is not None:
            d["delta"] = self.delta
        if self.factor is not None:
            d["factor"] = self.factor
        if self.minimum is not None:
            d["minimum"] = self.minimum
        return d


@dataclass
class Restrict(Effect):
    action: str
    op = "restrict"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, used_until(ctx, "end_of_combat"), [self.ir()])

    def ir(self):
        return {"op": "restrict", "action": self.action}


@dataclass
class Trigger(Effect):
    event: dict
    effects: list[Effect]
    raw: dict = field(default_factory=dict)
    op = "trigger"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.raw])

    def matches(self, event: dict, ctx: Context, engine) -> bool:
        """Does ``event`` (as fired by the engine) set off this trigger for ``ctx.owner``?"""
        during = self.raw.get("during")  # said under a phase's tag: that phase only
        if during is not None and getattr(getattr(engine, "moment", None), "step",
                                          None) != during:
            return False
        if self.event["kind"] == "other_act":  # branch rbcost: "another Hero buys an Item"
            hero = _rbcost.other_actor(self.event, event, ctx, engine)
            return hero is not None and Trigger(self.event["event"], []).matches(
                event, Context(engine, hero, ctx.source, x=ctx.x, phase=event.get("phase")),
                engine)
        if event["kind"] != self.event["kind"]:
            return False
        if event["kind"] in EVENT_MATCHERS:  # events of the language's later families
            return EVENT_MATCHERS[event["kind"]](self.event, event, ctx)
        if event["kind"] != "takes_wounds":
            return event.get("hero") == ctx.owner.id
        if self.event["phase"] is not None and event.get("phase") != self.event["phase"]:
            return False
        if self.event.get("attack") and event.get("phase") is None:  # branch rbdamage: the
            return False  # wounds of an attack's result are the ones inflicted in a phase
        amount = Amount.from_ir(self.event["amount"])
        if amount.kind == "fixed" and event["amount"] != amount.value:
            return False
        if amount.kind == "at_least" and event["amount"] < amount.value:
            return False
        wanted = [f.id for f in engine.targets(ctx, self.event["target"], choose=False)]
        return event["figure"] in wanted


@dataclass
class ForDuration(Effect):
    until: str
    raw_effects: list[dict]
    op = "for_duration"

    def run(self, ctx):
        until = self.until
        if until == "end_of_phase":  # branch rbseven: said under a phase's tag (RF565 else)
            until = used_until(ctx, until)
        ctx.engine.add_duration(ctx, until, self.raw_effects)


@dataclass
class Move(Effect):
    amount: Amount
    any_direction: bool
    instead_of_rolling: bool
    op = "move"

    def run(self, ctx):
        ctx.engine.movement_effect(ctx, self)


@dataclass
class MovementDice(Effect):
    amount: Amount
    op = "movement_dice"

    def run(self, ctx):
        ctx.engine.movement_effect(ctx, self)


@dataclass
class GainGold(Effect):
    amount: Amount
    op = "gain_gold"

    def run(self, ctx):
        ctx.engine.gain_gold(ctx.owner, self.amount.resolve(ctx), source=ctx.source)


@dataclass
class DrawMarket(Effect):
    amount: Amount
    op = "draw_market"

    def run(self, ctx):
        ctx.engine.market_effect(ctx, self)


def run_all(effects: list[Effect], ctx: Context) -> None:
    for effect in effects:
        ctx.engine.log.emit("effect", op=effect.op, source=ctx.source, hero=ctx.owner.id)
        effect.run(ctx)
        if ctx.engine.finished:
            return


def build_effect(ir: dict) -> Effect:
    op = ir["op"]
    amt = Amount.from_ir(ir["amount"]) if "amount" in ir else None
    if op == "attack":
        return Attack(ir["phase"], ir["bonus"], ir["damage"])
    if op == "inflict":
        return Inflict(amt, ir["target"])
    if op == "suffer":
        return Suffer(amt, ir["token"], ir["target"])
    if op == "cancel":
        return Cancel(amt, ir["target"])
    if op == "heal":
        return Heal(amt, tuple(ir["tokens"]), ir["target"])
    if op == "test":
        return Test(ir["attribute"], ir["skill"], ir["target_number"])
    if op == "if":
        return If(ir["outcome"], build_effects(ir["effects"]))
    if op == "optional":
        return Optional(build_effects(ir["effects"]))
    if op == "modify":
        return Modify(ir["target"], ir["stat"], ir["value"])
    if op == "cost_modifier":
        return CostModifier(tuple(ir["subjects"]), ir.get("delta"), ir.get("factor"),
                            ir.get("minimum"))
    if op == "restrict":
        return Restrict(ir["action"])
    if op == "trigger":
        return Trigger(ir["event"], build_effects(ir["effects"]), raw=ir)
    if op == "for_duration":
        build_effects(ir["effects"])  # fail early on a bad nested op
        return ForDuration(ir["until"], list(ir["effects"]))
    if op == "move":
        return Move(amt, ir["any_direction"], ir["instead_of_rolling"])
    if op == "movement_dice":
        return MovementDice(amt)
    if op == "gain_gold":
        return GainGold(amt)
    if op == "draw_market":
        return DrawMarket(amt)
    if op in EXTRA_BUILDERS:  # ops of the language's later families (issue 21)
        return EXTRA_BUILDERS[op](ir)
    raise ValueError(f"unknown effect op {op!r}")


# op -> builder of the effect object, for ops defined in modules beside this one
EXTRA_BUILDERS: dict = {}
# trigger event kind -> matches(trigger's event IR, fired event, ctx), likewise
EVENT_MATCHERS: dict = {}
# target -> figures(engine, ctx), for targets of those families (Resolver.targets)
EXTRA_TARGETS: dict = {}


def build_effects(irs: list[dict]) -> list[Effect]:
    return [build_effect(ir) for ir in irs]


def walk(effects: list[Effect]):
    """Every effect, nested ones included (not into durations, which hold raw IR)."""
    for e in effects:
        yield e
        yield from walk(getattr(e, "effects", []) or [])
        yield from walk(getattr(e, "otherwise", ()) or ())  # family 1: if_state's else
        for option in getattr(e, "options", ()) or ():  # family 2: choose
            yield from walk(option)
        for row in getattr(e, "rows", ()) or ():  # family 3: roll_table
            yield from walk(row[2])


# ---- family 4/9: movement and place, game-level effects (issue 21)
from .effects_place import BUILDERS as _PLACE_BUILDERS  # noqa: E402
from .effects_place import MATCHERS as _PLACE_MATCHERS  # noqa: E402
from .effects_place import TARGETS as _PLACE_TARGETS  # noqa: E402

EXTRA_BUILDERS.update(_PLACE_BUILDERS)
EVENT_MATCHERS.update(_PLACE_MATCHERS)
EXTRA_TARGETS.update(_PLACE_TARGETS)
# issue 32: "this Ally" on an Ally's own card: that Ally of the Hero who holds it (the kernel
# leaves a card with such a target to the engine, as it does the board's targets)
EXTRA_TARGETS["each_other_ally"] = lambda engine, ctx: [a for a in ctx.owner.allies
                                                        if a.id != ctx.source]
EXTRA_TARGETS["this_ally"] = lambda engine, ctx: [a for a in ctx.owner.allies
                                                  if a.id == ctx.source]
# branch rbnp: recipients coordinated with "or" ("your Hero or this Ally")
from .targets_rbnp import TARGETS as _RBNP_TARGETS  # noqa: E402

EXTRA_TARGETS.update(_RBNP_TARGETS)
# ---- issue 32 (branch rbboard): the board's adventure counters
from .effects_board import BUILDERS as _BOARD_BUILDERS  # noqa: E402
from .effects_board import bind as _bind_board  # noqa: E402

EXTRA_BUILDERS.update(_BOARD_BUILDERS)
_bind_board(run_all=run_all, build_effects=build_effects)
# ---- branch rbcost: a trigger's clause as a subject and an event verb ("another Hero rests")
from . import effects_rbcost as _rbcost  # noqa: E402

EVENT_MATCHERS.update(_rbcost.MATCHERS)
# ---- branch rbwho: more acts ("you encounter a travel hazard", "another Hero attacks you")
from . import acts_rbwho as _rbwho  # noqa: E402

EVENT_MATCHERS["hero_act"] = _rbwho.matcher(EVENT_MATCHERS["hero_act"])
