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
    if "grant_skill" not in engine.catalog.standing_ops and not engine.state.effects:
        return frozenset(found)  # no card gives a skill and no duration is in force
    for owner, _card_id, effect, _x in engine.static_sources():
        if owner is hero and effect.op == "grant_skill":
            found.add(effect.skill.lower())
    return frozenset(found)


__all__ = ["GrantSkill", "granted_by", "skills_of"]
