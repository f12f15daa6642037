"""Rulesets: base (seed 000, Finnish rulebook) and advanced (seed 002 summary).

Everything that differs between them is a data value here; the engine reads these fields
and never branches on the ruleset's name.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .errors import EngineError


@dataclass(frozen=True)
class Ruleset:
    name: str
    # A figure (Hero, Ally, challenge) is defeated when wounds >= Life + defeat_margin.
    # Base: "wounds >= Life" (margin 0). Advanced, as written: "wounds > Life" (margin 1).
    defeat_margin: int = 0
    # Skill tests: a Hero with the tested skill gets ``skill_bonus`` and may take exhaustion
    # for ``skill_bonus_per_exhaustion`` each (never so much that it turns into wounds).
    skill_bonus: int = 0
    skill_bonus_per_exhaustion: int = 1
    # Activation limits: activated cards per Before Combat step, per combat round,
    # per movement step, per market step.
    activations_before_combat: int = 1
    activations_per_round: int = 1
    activations_per_movement: int = 1
    activations_per_market: int = 1
    # Escape: a failed Mind test costs this many wounds.
    escape_failure_wounds: int = 1
    # Hero-vs-hero spoils the winner may take from the loser.
    spoils: tuple[str, ...] = ("item", "ally", "gold", "adventure")
    # Knock-out: what the Hero loses besides wounds, exhaustion and the priciest card.
    knockout_loses_gold: bool = True
    knockout_loses_adventure_counters: bool = False

    def is_defeated(self, wounds: int, life: int) -> bool:
        return wounds >= life + self.defeat_margin

    def to_dict(self) -> dict:
        d = asdict(self)
        d["spoils"] = list(self.spoils)
        return d


BASE = Ruleset(
    name="base",
    defeat_margin=0,
    # Seed 000 "Taitotestit": roll + attribute + "the bonus points of your skill, if any".
    # The rulebook gives no number; we use a flat +2 and no exhaustion purchase.
    skill_bonus=2,
    skill_bonus_per_exhaustion=0,
    spoils=("item", "ally", "gold", "adventure"),
    knockout_loses_adventure_counters=False,
)

ADVANCED = Ruleset(
    name="advanced",
    defeat_margin=1,
    # Seed 002: "If you have the skill, may take exhaustion to gain bonus": +1 per exhaustion.
    skill_bonus=0,
    skill_bonus_per_exhaustion=1,
    spoils=("item", "ally"),
    knockout_loses_adventure_counters=True,
)

RULESETS = {r.name: r for r in (BASE, ADVANCED)}


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise EngineError(
            f"unknown ruleset {name!r}; choose one of {', '.join(sorted(RULESETS))}"
        ) from None
