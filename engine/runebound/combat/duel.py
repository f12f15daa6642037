"""Combat between two Heroes (seed 000 "Taistelu kahden sankarin välillä", seed 002).

As against a challenge, except: the defender uses Before Combat first; only the Hero who
started the fight may try to escape (against the other Hero's Mind); in each phase the
defending Hero rolls first (2d10 + attribute + roll modifiers) and that total is the target of
the attacking side; roles swap after every round; the winner takes spoils (ruleset data) and
the loser is knocked out. Neither Hero gains experience.
"""

from __future__ import annotations

from ..core.acts_rbwho import act  # branch rbwho
from ..core.resolver import Defeat
from ..core.state import Hero
from ..core.windows import BEFORE_COMBAT, PHASES
from .combat import MAX_ROUNDS, Combat, CombatResult


class Duel(Combat):
    def fight_heroes(self, attacker: Hero, defender: Hero) -> CombatResult:
        self._begin({attacker.id: defender, defender.id: attacker})
        self.log.emit("duel_start", attacker=attacker.id, defender=defender.id,
                      ruleset=self.ruleset.name, combat=self.state.combat_no)
        rounds = 0
        try:
            # branch rbwho: "When another Hero attacks you," / "When you attack another Hero,"
            act(self, attacker, "attack_hero", target=defender.id)
            self._step(BEFORE_COMBAT, 0)
            self.open_window(defender, BEFORE_COMBAT)  # the defender first
            self.open_window(attacker, BEFORE_COMBAT)
            active, passive = attacker, defender
            for rounds in range(1, MAX_ROUNDS + 1):
                if self._escape_step(attacker, defender, rounds):
                    self.log.emit("escaped", hero=attacker.id, from_hero=defender.id)
                    return self._end(CombatResult("escaped", rounds, loser=attacker.id))
                self.log.emit("roles", round=rounds, attacker=active.id, defender=passive.id)
                attacked = self.round_attacks = set()  # ability attacks count too
                self.round_begins()  # branch rbsix2: the wounds of this round
                for figure in (active, passive):  # issue 32: each Hero's round triggers
                    self.fire({"kind": "round_start", "hero": figure.id})
                for phase in PHASES:
                    self._step(phase, rounds)
                    self.open_window(passive, phase)
                    self.open_window(active, phase)
                    self._phase(active, passive, phase, attacked, hero_vs_hero=True)
                for figure in (active, passive):
                    self.fire({"kind": "round_end", "hero": figure.id})
                self.expire("end_of_round")
                active, passive = passive, active
            self.log.emit("combat_abandoned", rounds=MAX_ROUNDS)
            return self._end(CombatResult("abandoned", MAX_ROUNDS))
        except Defeat as defeat:
            loser = defeat.figure
            winner = defender if loser is attacker else attacker
            taken = self._spoils(winner, loser)
            self.fire({"kind": "defeat_hero", "hero": winner.id})  # issue 32 (session when)
            self.knock_out(loser)
            return self._end(CombatResult("won", rounds, winner=winner.id, loser=loser.id,
                                          spoils=taken))

    def trophy_moved(self, giver: Hero, taker: Hero, card: str) -> None:
        """A kept adventure card changed hands (the whole game keeps tallies on it)."""

    def _spoils(self, winner: Hero, loser: Hero) -> list[str]:
        options = []
        allowed = self.ruleset.spoils
        if "item" in allowed:
            options += [f"item:{c}" for c in loser.items]
        if "ally" in allowed:
            options += [f"ally:{a.id}" for a in loser.allies]
        if "gold" in allowed and loser.gold > 0:
            options.append("gold")
        if "adventure" in allowed:
            held = set(loser.items) | {a.id for a in loser.allies}
            options += [f"adventure:{c}" for c in loser.trophies if c not in held]
        if not options:
            self.log.emit("spoils", winner=winner.id, loser=loser.id, took=None)
            return []
        choice = self.ask(winner, "spoils", options, gold=loser.gold)
        kind, _, card = choice.partition(":")
        if kind == "gold":
            amount = loser.gold
            self.set_tokens(loser, "gold", 0, source="spoils")
            self.gain_gold(winner, amount, source="spoils")
        elif kind == "item":
            self._remove_card(loser, card)
            winner.items.append(card)
        elif kind == "ally":
            winner.allies.append(self._remove_card(loser, card))  # wounds and all
        self.modifiers_changed()
        if card and card in loser.trophies:
            loser.trophies.remove(card)
            winner.trophies.append(card)
            self.trophy_moved(loser, winner, card)
        self.log.emit("spoils", winner=winner.id, loser=loser.id, took=choice)
        return [choice]
