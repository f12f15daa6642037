"""Rulesets: base (seed 000, Finnish rulebook) and advanced (seed 002 summary).

Everything that differs between them is a data value here; the engine reads these fields
and never branches on the ruleset's name. The values come from ``cards/rules/*.yaml`` through
:mod:`runeforge.engine.rulesdata` (the single source); ``Ruleset`` is the combat engine's view.
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


def _from_data(name: str) -> Ruleset:
    """The combat values of a bundled ruleset, read from ``cards/rules/<name>.yaml``.

    The YAML files are the single source of every ruleset value; this module only keeps the
    combat engine's view of them (``RulesData.combat_ruleset``).
    """
    from .rulesdata import load_ruleset

    return load_ruleset(name).combat_ruleset()


# Base (seed 000): wounds >= Life; a flat +2 skill bonus (the rulebook gives no number) and no
# exhaustion purchase; spoils item, ally, all gold or an adventure card.
BASE = _from_data("base")
# Advanced (seed 002): "wounds > Life" as written; +1 per exhaustion taken on a skill test;
# spoils item or ally; a knocked-out Hero also loses adventure counters.
ADVANCED = _from_data("advanced")

RULESETS = {r.name: r for r in (BASE, ADVANCED)}


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise EngineError(
            f"unknown ruleset {name!r}; choose one of {', '.join(sorted(RULESETS))}"
        ) from None
