"""The abilities a hero holds (R7, R24): its card's, then those of its skills in the order
gained, then what it carries in (a campaign's items); and the weapon a ``strike`` uses."""

from __future__ import annotations

from ..rules import abilities as ab
from ..rules.attacks import Weapon

DEFAULT_TARGET = {"combat": {"quantity": "one", "side": "adversary"},
                  "missile": {"quantity": "one", "side": "adversary"},
                  "area": {"quantity": "each", "side": "adversary"}}


def hero_abilities(game, hero_id: str) -> list[ab.Ability]:
    """The hero card's abilities (R7), then those of its skills in the order gained (R24)."""
    out = ab.abilities_of(game.records.heroes[hero_id], hero_id)
    for skill in game.state.skills.get(hero_id, []):
        out += ab.abilities_of(game.records.skills[skill], skill)
    return out + game.carried.hero_abilities(hero_id, {a.key for a in out})


def find(game, hero_id: str, key: str) -> ab.Ability | None:
    return next((a for a in hero_abilities(game, hero_id) if a.key == key), None)


def strike_weapon(game, hero, effect: dict) -> Weapon | None:
    """A strike's weapon: its own Hit and Damage, or the hero's first weapon action of the
    range (card order, then skills)."""
    return next(iter(strike_weapons(game, hero, effect)), None)


def strike_weapons(game, hero, effect: dict) -> list[Weapon]:
    """The weapons a strike may use, in order: its own Hit and Damage, else the hero's
    weapon actions of the range (card order, then skills); with no range (``attack <who>``,
    issue 32, session delve8) every weapon action, the first that reaches is used."""
    if "hit" in effect:
        return [Weapon("strike", 1, effect["range"], effect["hit"], effect["damage"])]
    out = []
    for a in hero_abilities(game, hero.id):
        if a.weapon and effect.get("range") in (None, a.effects[0]["range"]):
            e = a.effects[0]
            out.append(Weapon(a.name, a.need, e["range"], e["hit"], e["damage"]))
    return out if effect.get("range") is None else out[:1]
