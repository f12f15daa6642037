"""What a game carries in from outside Delve (a campaign, contract 1's play options), as data:

* ``hero_abilities`` ({hero id: [Delve IR, ...]}): abilities of the items and skills a hero
  holds, offered and played exactly like the hero card's own (``action``/``spend``), and
  ``trigger`` abilities fired like its renown rules (R22). An action whose name is already
  the hero's gets the key ``<name> (<hero>+<n>)`` so both can be played.
* ``hero_dice`` ({hero id: +-n}): dice more or fewer in the first ``carried_dice_phases``
  hero phases (rules data, the project's own rule; 0: every phase). A hero never rolls fewer
  than ``min_hero_dice`` (rules data).
* ``adversary_vigour`` (n): +n Vigour to every adversary placed.
* ``lieutenants`` ({adversary id: effect}): a relic's overlord side (campaign R48-R50) while a
  figure of that adversary is on the board: ``hero_dice`` (each hero's roll, every hero phase),
  ``adversary_vigour`` (the lieutenant's own Vigour when placed) and ``wounds`` (added to the
  lieutenant's hits). R50: once it is slain (no figure of it left), the effect is gone.

Every key is optional; a game without them plays exactly as before (older logs replay).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from runeforge.engine.common.errors import EngineError

from ..rules import abilities as ab

LIEUTENANT_EFFECTS = ("hero_dice", "adversary_vigour", "wounds")


@dataclass(frozen=True)
class Carried:
    abilities: dict = field(default_factory=dict)     # hero id -> [IR]
    dice: dict = field(default_factory=dict)          # hero id -> +-n
    vigour: int = 0
    lieutenants: dict = field(default_factory=dict)   # adversary id -> effect

    @classmethod
    def from_options(cls, options: dict, heroes) -> Carried:
        abilities = dict(options.get("hero_abilities") or {})
        dice = dict(options.get("hero_dice") or {})
        strays = sorted((set(abilities) | set(dice)) - set(heroes))
        if strays:
            raise EngineError(f"abilities or dice carried in for heroes not in the game: "
                              f"{strays}")
        lieutenants = dict(options.get("lieutenants") or {})
        for adv, effect in lieutenants.items():
            bad = sorted(set(effect or {}) - set(LIEUTENANT_EFFECTS))
            if bad:
                raise EngineError(f"lieutenant {adv!r}: effects {bad} are not played in Delve "
                                  f"(known: {', '.join(LIEUTENANT_EFFECTS)})")
        return cls(abilities, dice, int(options.get("adversary_vigour") or 0), lieutenants)

    def hero_abilities(self, hero_id: str, taken: set) -> list[ab.Ability]:
        """The carried ``action``/``spend`` abilities of ``hero_id``; ``taken`` holds the keys
        of the hero's own (a clash is renamed)."""
        out = []
        for i, a in enumerate(ab.abilities_of({"abilities": self.abilities.get(hero_id, [])},
                                              f"{hero_id}+carried")):
            if a.key in taken:
                a = replace(a, key=f"{a.key} ({hero_id}+{i})")
            taken.add(a.key)
            out.append(a)
        return out

    def triggers(self, hero_id: str, event: str, rng: str | None = None) -> list[tuple]:
        return ab.triggers_of({"abilities": self.abilities.get(hero_id, [])}, event, rng)

    def constants(self, hero_id: str) -> list[dict]:
        return ab.constants_of({"abilities": self.abilities.get(hero_id, [])})

    def on_board(self, state) -> list[dict]:
        """The effects of the lieutenants that have a figure on the board now."""
        present = {state.kinds.get(f.id) for f in state.adversaries()}
        return [self.lieutenants[a] or {} for a in sorted(self.lieutenants) if a in present]

    def dice_count(self, game, hero_id: str) -> int:
        """How many dice ``hero_id`` rolls this hero phase."""
        rules, s = game.rules, game.state
        n = rules.hero_dice
        phases = rules.carried_dice_phases
        if phases == 0 or s.round <= phases:
            n += int(self.dice.get(hero_id, 0))
        n += sum(int(e.get("hero_dice", 0)) for e in self.on_board(s))
        return max(rules.min_hero_dice, n)

    def placed_vigour(self, adversary_id: str) -> int:
        extra = self.vigour + int((self.lieutenants.get(adversary_id) or {})
                                  .get("adversary_vigour", 0))
        return extra

    def extra_damage(self, adversary_id: str) -> int:
        return int((self.lieutenants.get(adversary_id) or {}).get("wounds", 0))
