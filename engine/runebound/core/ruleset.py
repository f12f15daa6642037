"""Rulesets: base (seed 000, Finnish rulebook) and advanced (seed 002 summary).

Everything that differs between them is a data value here; the engine reads these fields and
never branches on the ruleset's name. The values come from ``cards/rules/*.yaml`` through
:mod:`runeforge.engine.runebound.core.rulesdata` (the single source); ``Ruleset`` is the combat
engine's view, built from a ``RulesData`` by :meth:`Ruleset.from_data` (this module depends on
rulesdata, never the other way round).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from runeforge.engine.common.errors import EngineError

from .rulesdata import RulesData, load_ruleset


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
    # Faces of one die: what a "Roll a die. On 1–3, ..." table rolls (family 3).
    die_faces: int = 10

    def is_defeated(self, wounds: int, life: int) -> bool:
        return wounds >= life + self.defeat_margin

    def to_dict(self) -> dict:
        d = asdict(self)
        d["spoils"] = list(self.spoils)
        return d

    @classmethod
    def from_data(cls, data: RulesData) -> Ruleset:
        """The combat engine's view of a ruleset file (``cards/rules/<id>.yaml`` as
        :class:`~runeforge.engine.runebound.core.rulesdata.RulesData`): the YAML files are the
        single source of every ruleset value; this class only keeps the values combat reads."""
        return cls(
            name=data.id,
            defeat_margin=data.combat.defeat_margin,
            skill_bonus=data.combat.skill_bonus,
            skill_bonus_per_exhaustion=data.combat.skill_bonus_per_exhaustion,
            escape_failure_wounds=data.combat.escape_failure_wounds,
            spoils=tuple(s.replace("adventure-card", "adventure")
                         for s in data.hero_vs_hero.spoils),
            knockout_loses_gold="gold" in data.knock_out.loses,
            knockout_loses_adventure_counters="adventure-counters" in data.knock_out.loses,
            die_faces=data.combat.die_faces,
        )


# Base (seed 000): wounds >= Life; a flat +2 skill bonus (the rulebook gives no number) and no
# exhaustion purchase; spoils item, ally, all gold or an adventure card.
BASE = Ruleset.from_data(load_ruleset("base"))
# Advanced (seed 002): "wounds > Life" as written; +1 per exhaustion taken on a skill test;
# spoils item or ally; a knocked-out Hero also loses adventure counters.
ADVANCED = Ruleset.from_data(load_ruleset("advanced"))

RULESETS = {r.name: r for r in (BASE, ADVANCED)}


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise EngineError(
            f"unknown ruleset {name!r}; choose one of {', '.join(sorted(RULESETS))}"
        ) from None
