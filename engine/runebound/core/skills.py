"""A skill a card gives its Hero (issue 32, session skills): "You have the Swim skill."

The IR op ``grant_skill`` is an always-on rule of the card that says it: while the card is
held (an Item, an Ally, the Hero's own card), the Hero has the skill as if it were printed on
their card. :func:`skills_of` is what every reader of a Hero's skills asks: the skill tests
(rolls.py), the terrain rules of movement (game/place.py), the exact odds (the optimal
player); the combat kernel reads the plan's cards the same way (:func:`granted_by`). Used as a
non-static ability (a hand-written IR; the language refuses it, RF470) it holds to the end of
the turn, as a terrain rule does."""

from __future__ import annotations

from dataclasses import dataclass

from .effects import EXTRA_BUILDERS, Effect


@dataclass
class GrantSkill(Effect):
    skill: str
    op = "grant_skill"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        return {"op": self.op, "skill": self.skill}


EXTRA_BUILDERS["grant_skill"] = lambda ir: GrantSkill(ir["skill"])


def granted_by(effects) -> list[str]:
    """The skills the always-on ``effects`` of one card give (built effects)."""
    return [e.skill for e in effects if e.op == "grant_skill"]


def skills_of(engine, hero) -> frozenset[str]:
    """``hero``'s skills, lower-cased: printed on their card, and given by the cards whose
    always-on rules are theirs now and by their durations."""
    found = {s.lower() for s in hero.skills}
    if not hasattr(engine, "static_sources"):  # the combat kernel's view: its Hero has them
        return frozenset(found)
    if "grant_skill" in engine.catalog.standing_ops:  # the cards' rules: cached as a stat is
        found |= engine.standing_cached(("skills", id(hero)), hero, _given, hero,
                                        engine._standing_sources)
    if engine.state.effects:  # durations change without a cache event: read each time
        found |= _given(hero, engine._duration_sources)
    return frozenset(found)


def _given(hero, sources) -> frozenset[str]:
    """The skills the rules of ``sources()`` (standing_sources' shape) give ``hero``."""
    return frozenset(e.skill.lower() for owner, _card, e, _x in sources()
                     if owner is hero and e.op == "grant_skill")


__all__ = ["GrantSkill", "granted_by", "skills_of"]
