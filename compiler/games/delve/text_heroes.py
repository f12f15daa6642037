"""Rules text of branch delveheroes' forms (issue 32). English is the canonical printer's
(dsl/delve/printer.py, dsl/delve/next_attack.py); the msgids are in ``TEMPLATES_HEROES``.

* a bonus to the hero's next attack only ("Until the end of your turn, your next missile
  attack deals +1 Damage."): ``effect.boost.<stat>[_range]_next``;
* a rider on an attack that missed ("If it misses, suffer 1 wound."): ``rider.misses``."""

from __future__ import annotations

TEMPLATES_HEROES = {
    # dsl/delve/next_attack.py: the bonus counts on the first attack made while it lasts
    "effect.boost.roll_next": "your next attack adds {n} to its roll",
    "effect.boost.roll_range_next": "your next {range} attack adds {n} to its roll",
    "effect.boost.damage_next": "your next attack deals +{n} Damage",
    "effect.boost.damage_range_next": "your next {range} attack deals +{n} Damage",
    # dsl/delve/hero_words.py: a rider on the attack before that missed
    "rider.misses": "if it misses, {effects}",
}

