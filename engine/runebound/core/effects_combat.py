"""Effects and standing combat rules of the combat family (issue 21, family 7).

``extra_wounds`` is a standing rule (like ``modify``): the engine asks :func:`extra_wounds`
when an attack succeeds. ``inflict_additional`` runs in an ability, after its attack's
"If you succeed,". Built by :func:`runeforge.engine.runebound.core.effects.build_effect`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from runeforge.engine.common.errors import IllegalAction

from .durations_used import used_until
from .effects import EXTRA_BUILDERS, Amount, Effect
from .state import Hero
from .windows import ASSIST, COMBAT_ROLL, PHASES


class _StandingRule(Effect):
    """An always-on combat rule of a held card; used as an effect (inside an ability, not
    always on) it lasts to the end of the combat round."""

    static_kind = True

    def run(self, ctx):  # outside a combat: to the end of the turn (durations_used.py)
        ctx.engine.add_duration(ctx, used_until(ctx, "end_of_round"), [self.ir()])

    def ir(self) -> dict:
        return {"op": self.op, **{f.name: getattr(self, f.name) for f in fields(self)}}


@dataclass
class ExtraWounds(_StandingRule):
    phase: str | None
    value: int
    op = "extra_wounds"


@dataclass
class InflictAdditional(Effect):
    amount: Amount
    target: str
    op = "inflict_additional"

    def run(self, ctx):
        for fig in ctx.engine.targets(ctx, self.target):
            ctx.engine.inflict(fig, self.amount.resolve(ctx), source=ctx.source, phase=None)


@dataclass
class Reroll(Effect):
    op = "reroll"
    failed: bool = False  # "reroll a failed combat roll" (branch rbnp; rerolls_rbnp.py)
    better: bool = False  # branch rbroll: keep the better of the two rolls (rerolls_rbroll.py)
    attack: bool = False  # branch rbroll: a failed attack roll only (rerolls_rbroll.py)

    def run(self, ctx):
        reroll(ctx.engine, ctx.source, self.better)


@dataclass
class WoundCap(_StandingRule):
    target: str
    value: int
    per: str = "phase"  # or "round" (issue 32, session lang4)
    op = "wound_cap"

    def ir(self) -> dict:
        out = {"op": self.op, "target": self.target, "value": self.value}
        return {**out, "per": "round"} if self.per == "round" else out


@dataclass
class Immune(_StandingRule):
    target: str
    phase: str
    op = "immune"


@dataclass
class AttackOther(Effect):
    phase: str
    op = "attack_other"

    def run(self, ctx):
        hit = attack_other(ctx, self.phase)
        ctx.outcome = "success" if hit else "failure"


def build(ir: dict) -> Effect | None:
    """The effect object of a combat-family op, or None when ``ir`` is not one."""
    op = ir["op"]
    if op == "extra_wounds":
        return ExtraWounds(ir["phase"], ir["value"])
    if op == "inflict_additional":
        return InflictAdditional(Amount.from_ir(ir["amount"]), ir["target"])
    if op == "reroll":
        return Reroll(ir.get("failed", False), ir.get("better", False), ir.get("attack", False))
    if op == "wound_cap":
        return WoundCap(ir["target"], ir["value"], ir.get("per", "phase"))
    if op == "immune":
        return Immune(ir["target"], ir["phase"])
    if op == "attack_other":
        return AttackOther(ir["phase"])
    return None


def _sources(engine, op: str):
    """(owner, card id, effect, x) that may hold an ``op`` rule: every standing rule and
    duration when some card has ``op`` always on, else the durations only (often none)."""
    if op in engine.catalog.standing_ops:
        return engine.static_sources()
    if engine.state.effects:
        return engine._duration_sources()
    return ()


def extra_wounds(engine, actor, phase: str) -> int:
    """The wounds every rule in force adds to ``actor``'s successful ``phase`` attack: the
    ``extra_wounds`` rules of the cards its Hero holds (and of durations the Hero started).
    "Your attacks" are the Hero's: an Ally's attack gets none."""
    total = 0
    for owner, _card, effect, _x in _sources(engine, "extra_wounds"):
        if (effect.op == "extra_wounds" and owner is actor
                and effect.phase in (None, phase)):
            total += effect.value
    return total


for _op in ("extra_wounds", "inflict_additional", "reroll", "wound_cap", "immune",
            "attack_other"):
    EXTRA_BUILDERS[_op] = build


# ---- rerolls ------------------------------------------------------------------------------

def has_reaction(catalog, kind: str) -> bool:
    """Does any card of ``catalog`` have an ability of ``reaction`` ``kind`` (``combat_roll``,
    ``assist``)? Read once per catalog summary: without one, no such window is opened."""
    summary = catalog._summarised()
    cached = getattr(catalog, "_family7_reactions", None)
    if cached is None or cached[0] is not summary:
        found = frozenset(a.reaction for card in catalog.cards.values()
                          for a in card.abilities if a.reaction)
        cached = catalog._family7_reactions = (summary, found)
    return kind in cached[1]


def has_rerolls(catalog) -> bool:
    return has_reaction(catalog, COMBAT_ROLL)


def combat_roll(engine, fig, purpose: str, attribute: str, bonus: int, target: int,
                **extra) -> bool:
    """A combat roll (attack or defence). A Hero's player may then use abilities that reroll
    it (the ``combat_roll`` window); the last roll counts."""
    ok = engine.roll(fig, purpose, attribute, bonus, target, **extra)
    if not isinstance(fig, Hero) or not has_rerolls(engine.catalog):
        return ok
    pending = {"fig": fig, "purpose": purpose, "attribute": attribute, "bonus": bonus,
               "target": target, "extra": extra, "ok": ok}
    outer, engine.pending_roll = getattr(engine, "pending_roll", None), pending
    try:
        engine.open_window(fig, COMBAT_ROLL)
    finally:
        engine.pending_roll = outer
    return pending["ok"]


def reroll(engine, source: str, better: bool = False) -> None:
    pending = getattr(engine, "pending_roll", None)
    if pending is None:
        raise IllegalAction(f"{source}: there is no combat roll to reroll")
    engine.log.emit("reroll", figure=pending["fig"].id, source=source)
    first = pending["ok"]
    pending["ok"] = engine.roll(pending["fig"], pending["purpose"], pending["attribute"],
                                pending["bonus"], pending["target"], **pending["extra"])
    pending["ok"] = pending["ok"] or (better and first)  # branch rbroll: the better of two


# ---- a cap on wounds per phase, immunity to a phase's attacks -----------------------------

def _rules(engine, op: str, fig):
    """(card id, effect) of every ``op`` rule in force for ``fig`` (its own Hero's rules;
    the only target the language gives these rules is "your Hero")."""
    for owner, card_id, effect, _x in _sources(engine, op):
        if effect.op != op:
            continue
        if effect.target in ("hero", "you"):
            if owner is fig:
                yield card_id, effect
        elif any(f is fig for f in _figures(engine, owner, card_id, effect.target)):
            yield card_id, effect  # issue 32: "this challenge is immune ...", "your Allies ..."


def _figures(engine, owner, card_id, target):
    from .effects import Context

    return engine.targets(Context(engine, owner, card_id), target, choose=False)


def immune_to(engine, fig, phase: str | None) -> str | None:
    """The card that makes ``fig`` immune to ``phase`` attacks (None: not immune)."""
    if phase is None:
        return None
    return next((card for card, e in _rules(engine, "immune", fig) if e.phase == phase), None)


def capped_wounds(engine, fig, amount: int) -> int:
    """``amount`` wounds about to be taken by ``fig``, less what a cap on wounds in each
    combat phase forbids (counted per phase step of a round; outside the phases: no cap), and
    a cap in each combat round (issue 32: counted over the round's phase steps)."""
    moment = engine.moment
    if amount <= 0 or moment.round <= 0 or moment.step not in PHASES:
        return amount
    caps = [(card, e.value, e.per) for card, e in _rules(engine, "wound_cap", fig)]
    if not caps:
        return amount
    limits = []
    for per in ("phase", "round"):
        mine = [(c, v) for c, v, p in caps if p == per]
        if not mine:
            continue
        card, cap = min(mine, key=lambda c: c[1])
        attr, key = ("_phase_taken", (moment.combat, moment.round, moment.step)) \
            if per == "phase" else ("_round_taken", (moment.combat, moment.round))
        seen = getattr(engine, attr, None)
        if seen is None or seen[0] != key:
            seen = (key, {})
            setattr(engine, attr, seen)
        limits.append((card, cap, seen[1]))
    allowed = amount
    for card, cap, taken in limits:
        ok = max(0, min(allowed, cap - taken.get(fig.id, 0)))
        if ok < allowed:
            engine.log.emit("wounds_capped", figure=fig.id, amount=allowed - ok, source=card,
                            left=ok, phase=moment.step)
        allowed = ok
    for _card, _cap, taken in limits:
        taken[fig.id] = taken.get(fig.id, 0) + allowed
    return allowed


# ---- attacks against another Hero's enemy -------------------------------------------------

def bystanders(engine, hero) -> list:
    """The Heroes in ``hero``'s space who are in no fight themselves and have a player. With a
    board (``state.positions``, the whole game) the space is read from it; the combat engine
    alone has no board, and the other Heroes of its state stand in the space (the caller
    builds the state of one fight: a scenario's ``companion``)."""
    positions = getattr(engine.state, "positions", None)
    out = (getattr(engine.state, "endgame", None) or {}).get("out", ())  # eliminated Heroes
    here = positions.get(hero.id) if positions else None
    return [h for h in engine.state.heroes
            if h is not hero and h.id not in engine.enemies and h.id in engine.players
            and h.id not in out and (positions is None or positions.get(h.id) == here)]


def open_assists(engine, hero) -> None:
    """In a phase of ``hero``'s combat, the Heroes standing by may use their attacks against
    another Hero's enemy (the ``assist`` window), each in the order of the state."""
    if not has_reaction(engine.catalog, ASSIST):
        return
    for other in bystanders(engine, hero):
        engine.open_window(other, ASSIST)


def attack_other(ctx, phase: str) -> bool:
    """The owner (not in a fight) attacks the enemy of a Hero fighting in the space: a combat
    roll against that enemy as if it were the owner's own; success wounds the enemy (its
    defeat is the fighting Hero's victory), failure wounds the owner, who is knocked out at
    once if that defeats him, and the fight goes on."""
    engine = ctx.engine
    fighting = [h for h in engine.heroes() if h is not ctx.owner]
    if ctx.owner.id in engine.enemies or not fighting:
        raise IllegalAction(f"{ctx.source}: no other Hero is fighting in your space")
    if len(fighting) > 1:
        pick = engine.ask(ctx.owner, "target", [h.id for h in fighting], source=ctx.source,
                          what="another_hero")
        fighting = [h for h in fighting if h.id == pick]
    enemy = engine.enemies[fighting[0].id]
    engine.log.emit("attack_other", hero=ctx.owner.id, helped=fighting[0].id, enemy=enemy.id,
                    phase=phase, source=ctx.source)
    try:
        return engine.combat_attack(ctx.actor, enemy, phase, 0, source=ctx.source)
    except Exception as exc:  # resolver.Defeat (this module cannot import the resolver)
        if type(exc).__name__ != "Defeat" or exc.figure is not ctx.owner:
            raise  # e.g. the fighting Hero's enemy is defeated: that combat ends
        moment = engine.moment
        engine.knock_out(ctx.owner)
        engine.moment = moment
        return False
