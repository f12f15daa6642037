"""Effects and standing combat rules of the combat family (issue 21, family 7).

``extra_wounds`` is a standing rule (like ``modify``): the engine asks :func:`extra_wounds`
when an attack succeeds. ``inflict_additional`` runs in an ability, after its attack's
"If you succeed,". Built by :func:`runeforge.engine.runebound.core.effects.build_effect`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .effects import Amount, Effect


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


def build(ir: dict) -> Effect | None:
    """The effect object of a combat-family op, or None when ``ir`` is not one."""
    op = ir["op"]
    if op == "extra_wounds":
        return ExtraWounds(ir["phase"], ir["value"])
    if op == "inflict_additional":
        return InflictAdditional(Amount.from_ir(ir["amount"]), ir["target"])
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
