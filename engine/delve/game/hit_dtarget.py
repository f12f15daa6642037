"""What an attack must roll to hit a figure (issue 32, part III, branch dtarget): the rule
records ``hit_need`` of the figure's cards (``need``, ``mode``, optional ``range``; compiled
from "This adversary can only be wounded by an attack roll of 6.", "Attacks against this
adversary must roll 5 or higher to hit, whatever the weapon's Hit value."). ``least``: the
weapon's Hit, never below ``need``; ``set``: ``need`` in place of the weapon's Hit. The roll
it is met with is the die with the attack's bonuses (R17), as the weapon's Hit is. Rules under
"while …" count while the board holds them (``traits.rules_of``).

The hero's own next attack (lasting ``next_hit`` entries, "Until the end of your turn, your
next attack hits on a roll of 2+."): :func:`own` puts its ``need`` in place of the weapon's
Hit, before the target's rules; ``next_attack.spend`` takes it off once that attack rolled."""

from __future__ import annotations

from . import traits


def need(game, target, hit: int, rng: str | None) -> int:
    """The roll an attack of ``rng`` with Hit ``hit`` needs against ``target``."""
    for e in traits.rules_of(game, target):
        if e["op"] == "hit_need" and e.get("range") in (None, rng):
            hit = e["need"] if e["mode"] == "set" else max(hit, e["need"])
    return hit


def own(game, hero, hit: int, rng: str | None) -> int:
    """The Hit of ``hero``'s attack of ``rng`` after its lasting ``next_hit`` entries."""
    for e in game.state.lasting:
        if e["op"] == "next_hit" and e["hero"] == hero.id and e.get("range") in (None, rng):
            hit = e["need"]
    return hit


def fields(e: dict) -> dict:
    """The lasting entry's fields of a ``next_hit`` effect (ops._lasting)."""
    return {"need": e["need"], "next": True, **({"range": e["range"]} if e.get("range") else {})}
