"""A hero's renown and skills (R23, R24, A10): renown moves the marker along the track; each
full lap gains a skill, taken among the skills no hero holds yet (``delve.skill``, card
order; the project's own rule: one copy of each skill card; none left gains nothing)."""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision

from ..rules.attacks import gain_renown
from . import events  # "when you gain a skill, …" (branch dhero)

SKILL = "delve.skill"


def renown(game, hero, amount: int, apply) -> int:
    """R23, R24: gain renown; each full lap gains a skill. Returns the skills gained.
    ``apply`` (ops.apply) runs the rules a skill gained fires."""
    gained = gain_renown(hero, amount, game.rules)
    for _ in range(gained):
        grant_skill(game, hero, apply)
    game.state.renown[hero.id] = hero.renown
    return gained


def grant_skill(game, hero, apply) -> str | None:
    """R24: the hero takes one skill no hero holds yet (``delve.skill``; card order);
    ``apply`` (ops.apply, from the caller) runs its "when you gain a skill" rules."""
    s = game.state
    held = {k for ks in s.skills.values() for k in ks}
    free = [k for k in game.records.skills if k not in held]
    if not free:
        game.log.emit("skill", hero=hero.id, skill=None)
        return None
    pick = free[0]
    if len(free) > 1:
        answer = game.players[hero.id].decide(Decision(SKILL, hero.id, free), game)
        game.log.emit("decision", kind=SKILL, actor=hero.id, answer=answer)
        pick = answer if answer in free else free[0]
    s.skills.setdefault(hero.id, []).append(pick)
    game.log.emit("skill", hero=hero.id, skill=pick)
    # the hero's "when you gain a skill, …" rules, the new skill's own among them (branch dhero)
    events.fire(game, hero, "skill", apply)
    return pick
