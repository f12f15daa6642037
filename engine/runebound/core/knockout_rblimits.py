"""The knock-out's losses a card changes (issue 32, part III, branch rblimits): the always-on
ops ``knockout_keep`` ("This Hero never loses gold when knocked out.": the losses of the
ruleset's ``knock_out.loses`` its Hero keeps) and ``knockout_instead`` ("When your Hero is
knocked out, you may discard this card instead of your most expensive item or Ally.": the card
is the one lost in place of the priciest; ``optional``: the player may still lose the
priciest). The reference combat's ``knock_out`` asks :func:`kept_losses` and
:func:`loss_options`; the combat kernel leaves a Hero with such a card to it (kernel_plan:
an always-on op it does not know)."""

from __future__ import annotations

from dataclasses import dataclass

from .effects import EXTRA_BUILDERS, Effect


@dataclass
class KnockoutKeep(Effect):
    losses: tuple
    op = "knockout_keep"
    static_kind = True

    def run(self, ctx):  # a rule read when the Hero is knocked out, never run
        ctx.engine.log.emit("knockout_rule", hero=ctx.owner.id, source=ctx.source, op=self.op)


@dataclass
class KnockoutInstead(Effect):
    optional: bool
    op = "knockout_instead"
    static_kind = True

    def run(self, ctx):
        ctx.engine.log.emit("knockout_rule", hero=ctx.owner.id, source=ctx.source, op=self.op)


EXTRA_BUILDERS["knockout_keep"] = lambda ir: KnockoutKeep(tuple(ir["losses"]))
EXTRA_BUILDERS["knockout_instead"] = lambda ir: KnockoutInstead(bool(ir["optional"]))


def _rules(engine, hero, op: str):
    """(card id, effect) of ``hero``'s rules in force with ``op``."""
    if not hasattr(engine, "static_sources"):
        return []
    return [(card, e) for owner, card, e, _x in engine.static_sources()
            if owner is hero and e.op == op]


def kept_losses(engine, hero) -> frozenset:
    """The knock-out's losses ``hero`` keeps ("gold")."""
    return frozenset(loss for _card, e in _rules(engine, hero, "knockout_keep")
                     for loss in e.losses)


def loss_options(engine, hero, priciest: list[str]) -> list[str]:
    """The cards ``hero`` may lose to the knock-out: a card held whose rule says it is lost
    instead (the first of those that must be, else any of them or the ``priciest``)."""
    held = {*hero.items, *(a.id for a in hero.allies)} - set(hero.trophies)
    rules = [(card, e) for card, e in _rules(engine, hero, "knockout_instead") if card in held]
    must = sorted({card for card, e in rules if not e.optional})
    if must:
        return must
    return sorted({*priciest, *(card for card, _e in rules)})


__all__ = ["KnockoutInstead", "KnockoutKeep", "kept_losses", "loss_options"]
