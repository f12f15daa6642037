"""Triggers on a Hero's test (issue 32, session when): the event ``test`` and the effect
``test_bonus`` ("add 3 to the result").

:func:`tested` runs a test's triggers: it fires ``{"kind": "test", "hero", "attribute",
"skill"}`` before the roll, and every ``test_bonus`` those triggers run adds to that test's
total (a stack: a trigger's own test has its own bonus). The compiler allows ``test_bonus``
only under a ``test`` trigger (RF455), so a bonus with no test under way is an engine error,
never a silent no-op.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .effects import EVENT_MATCHERS, EXTRA_BUILDERS, Amount, Effect


@dataclass
class TestBonus(Effect):
    __test__ = False  # not a pytest class

    amount: Amount
    op = "test_bonus"

    def run(self, ctx):
        pending = ctx.engine.test_bonuses
        if not pending:
            raise IllegalAction(f"{ctx.source}: 'add to the result' with no test under way")
        value = self.amount.resolve(ctx)
        pending[-1] += value
        ctx.engine.log.emit("test_bonus", hero=ctx.owner.id, source=ctx.source, value=value)


def tested(engine, hero, attribute: str, skill: str | None) -> int:
    """Fire the ``test`` event of ``hero``'s test and return what its triggers added."""
    pending = engine.test_bonuses
    pending.append(0)
    try:
        engine.fire({"kind": "test", "hero": hero.id, "attribute": attribute, "skill": skill})
    finally:
        added = pending.pop()
    return added


def _matches(trigger: dict, event: dict, ctx) -> bool:
    if event.get("hero") != ctx.owner.id or trigger["attribute"] not in (None, event["attribute"]):
        return False
    wanted = trigger.get("skill")
    return wanted is None or (event.get("skill") or "").lower() == wanted.lower()


EXTRA_BUILDERS["test_bonus"] = lambda ir: TestBonus(Amount.from_ir(ir["amount"]))
EVENT_MATCHERS["test"] = _matches
# "When one of your Allies is defeated": any Ally of the Hero who holds the rule
EVENT_MATCHERS["ally_lost"] = lambda trigger, event, ctx: event.get("hero") == ctx.owner.id
