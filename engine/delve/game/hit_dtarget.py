"""What an attack must roll to hit a figure (issue 32, part III, branch dtarget): the rule
records ``hit_need`` of the figure's cards (``need``, ``mode``, optional ``range``; compiled
from "This adversary can only be wounded by an attack roll of 6.", "Attacks against this
adversary must roll 5 or higher to hit, whatever the weapon's Hit value."). ``least``: the
weapon's Hit, never below ``need``; ``set``: ``need`` in place of the weapon's Hit. The roll
it is met with is the die with the attack's bonuses (R17), as the weapon's Hit is. Rules under
"while …" count while the board holds them (``traits.rules_of``)."""

from __future__ import annotations

from . import traits


def need(game, target, hit: int, rng: str | None) -> int:
    """The roll an attack of ``rng`` with Hit ``hit`` needs against ``target``."""
    for e in traits.rules_of(game, target):
        if e["op"] == "hit_need" and e.get("range") in (None, rng):
            hit = e["need"] if e["mode"] == "set" else max(hit, e["need"])
    return hit
