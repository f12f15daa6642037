"""Effects and standing combat rules of the combat family (issue 21, family 7).

``extra_wounds`` is a standing rule (like ``modify``): the engine asks :func:`extra_wounds`
when an attack succeeds. ``inflict_additional`` runs in an ability, after its attack's
"If you succeed,". Built by :func:`runeforge.engine.runebound.core.effects.build_effect`.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .effects import EXTRA_BUILDERS, Amount, Effect
from .state import Hero
from .windows import COMBAT_ROLL


@dataclass
class ExtraWounds(Effect):
    phase: str | None
    value: int
    op = "extra_wounds"
    static_kind = True

    def run(self, ctx):  # used as an effect (not always on): lasts to the end of the round
        ctx.engine.add_duration(ctx, "end_of_round", [self.ir()])

    def ir(self):
        return {"op": "extra_wounds", "phase": self.phase, "value": self.value}


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

    def run(self, ctx):
        reroll(ctx.engine, ctx.source)


def build(ir: dict) -> Effect | None:
    """The effect object of a combat-family op, or None when ``ir`` is not one."""
    op = ir["op"]
    if op == "extra_wounds":
        return ExtraWounds(ir["phase"], ir["value"])
    if op == "inflict_additional":
        return InflictAdditional(Amount.from_ir(ir["amount"]), ir["target"])
    if op == "reroll":
        return Reroll()
    return None


def extra_wounds(engine, actor, phase: str) -> int:
    """The wounds every rule in force adds to ``actor``'s successful ``phase`` attack: the
    ``extra_wounds`` rules of the cards its Hero holds (and of durations the Hero started).
    "Your attacks" are the Hero's: an Ally's attack gets none."""
    if "extra_wounds" not in engine.catalog.standing_ops and not engine.state.effects:
        return 0
    total = 0
    for owner, _card, effect, _x in engine.static_sources():
        if (effect.op == "extra_wounds" and owner is actor
                and effect.phase in (None, phase)):
            total += effect.value
    return total


EXTRA_BUILDERS.append(build)


# ---- rerolls ------------------------------------------------------------------------------

def has_rerolls(catalog) -> bool:
    """Does any card of ``catalog`` have an ability used right after a combat roll? (Read
    once per catalog summary: without one, a combat roll opens no window.)"""
    summary = catalog._summarised()
    cached = getattr(catalog, "_rerolls", None)
    if cached is None or cached[0] is not summary:
        found = any(a.reaction == COMBAT_ROLL for card in catalog.cards.values()
                    for a in card.abilities)
        cached = catalog._rerolls = (summary, found)
    return cached[1]


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


def reroll(engine, source: str) -> None:
    pending = getattr(engine, "pending_roll", None)
    if pending is None:
        raise IllegalAction(f"{source}: there is no combat roll to reroll")
    engine.log.emit("reroll", figure=pending["fig"].id, source=source)
    pending["ok"] = engine.roll(pending["fig"], pending["purpose"], pending["attribute"],
                                pending["bonus"], pending["target"], **pending["extra"])
