"""The first wounds of each combat or combat round cancelled (branch rbwound, issue 32 part
III): the standing rule ``cancel_first`` of a held card ("Cancel the first wound inflicted on
your Hero in each combat.", "This armor cancels the first wound inflicted on your Hero in each
combat round.").

The engine asks :func:`first_cancelled` where wounds are inflicted (``Resolver.inflict``),
before the wounds-being-inflicted window: of the wounds inflicted on a figure in one combat
(``per`` "combat", Before Combat included) or one combat round (``per`` "round", its phase
steps), the first ``value`` of each rule are cancelled as they are inflicted. Outside a combat
no wound is cancelled. Each rule counts on its own (two cards cancel two wounds). The exact
combat kernel leaves the rule to this engine (combat/kernel_plan.ENGINE_ONLY_OPS); the exact
odds model reports it as not modelled (analysis/before_model.NOT_MODELLED).
"""

from __future__ import annotations

from dataclasses import dataclass

from .effects import EXTRA_BUILDERS
from .effects_combat import _rules, _StandingRule
from .ir_rbwound import OP, PERS, schema  # noqa: F401 - the op's IR, here by its old names


@dataclass
class CancelFirst(_StandingRule):
    target: str
    value: int
    per: str = "combat"
    op = OP


def build(ir: dict) -> CancelFirst:
    return CancelFirst(ir["target"], ir["value"], ir.get("per", "combat"))


EXTRA_BUILDERS[OP] = build


def first_cancelled(engine, fig, amount: int) -> int:
    """``amount`` wounds being inflicted on ``fig``, less those the ``cancel_first`` rules in
    force for it cancel (logged ``wounds_cancelled`` with the card as the source)."""
    moment = engine.moment
    if amount <= 0 or not moment.in_combat:
        return amount
    rules = list(_rules(engine, OP, fig))
    if not rules:
        return amount
    seen = getattr(engine, "_first_cancelled", None)
    if seen is None:
        seen = engine._first_cancelled = {}
    for card, rule in rules:
        if rule.per == "round":
            if moment.round <= 0:
                continue  # Before Combat is no combat round
            key = (card, fig.id, moment.combat, moment.round)
        else:
            key = (card, fig.id, moment.combat)
        used = seen.get(key, 0)
        n = min(amount, rule.value - used)
        if n <= 0:
            continue
        seen[key] = used + n
        amount -= n
        engine.log.emit("wounds_cancelled", figure=fig.id, amount=n, source=card, left=amount)
        if amount == 0:
            break
    return amount
