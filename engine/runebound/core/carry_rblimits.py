"""What a card counts as against its Hero's carrying limits (issue 32, part III, branch
rblimits): the always-on ops ``carry_as`` ("This weapon counts as both of your weapons.": the
limits it fills instead of its own) and ``carry_exempt`` ("This card does not count against
your limit of 2 weapons.": the limits it does not count against; none listed: every one).
The market reads them (game/carry_rblimits.py); the raised limits themselves are the stats
``<slot>_limit`` of an ordinary ``modify`` (ir_rblimits.py). Used as a non-static ability (a
hand-written IR; the language says them only as a card's always-on rule) they do nothing when
run: what a card counts as is read from its always-on rules."""

from __future__ import annotations

from dataclasses import dataclass

from .effects import EXTRA_BUILDERS, Effect


@dataclass
class CarryAs(Effect):
    slots: tuple
    op = "carry_as"
    static_kind = True

    def run(self, ctx):  # a rule of the card held, read by the market, never run
        ctx.engine.log.emit("carry_rule", hero=ctx.owner.id, source=ctx.source, op=self.op)


@dataclass
class CarryExempt(CarryAs):
    op = "carry_exempt"


EXTRA_BUILDERS["carry_as"] = lambda ir: CarryAs(tuple(ir["slots"]))
EXTRA_BUILDERS["carry_exempt"] = lambda ir: CarryExempt(tuple(ir["slots"]))


def card_slots(own: str | None, effects) -> list[str]:
    """The limits a card counts against: its own slot (``own``), or what its always-on
    ``effects`` say it counts as, less what they say it does not count against."""
    slots = [own] if own else []
    for e in effects:
        if e.op == "carry_as":
            slots = list(e.slots)
    for e in effects:
        if e.op == "carry_exempt":
            slots = [s for s in slots if e.slots and s not in e.slots]
    return slots


__all__ = ["CarryAs", "CarryExempt", "card_slots"]
