"""The combat flow (seed 000 "Taistelu"): Before Combat, then rounds of escape, ranged, melee
and magic until a side is defeated or the Hero escapes; outcomes and rewards; hero-vs-hero.

Usage::

    combat = Combat(catalog, state, dice, {hero.id: player}, BASE)
    result = combat.fight_challenge(hero, catalog.new_challenge("blood-of-the-bloodmother"))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runeforge.engine.common.errors import IllegalAction

from ..core.attackbar_rbsubj import may_attack  # branch rbsubj
from ..core.effects_combat import immune_to, open_assists
from ..core.effects_trig import ally_leaves
from ..core.effects_trig2 import escaped  # issue 32 (branch rbtrig2): "you escape"
from ..core.knockout_rblimits import kept_losses, loss_options  # branch rblimits
from ..core.resolver import Defeat, Resolver
from ..core.rolls import ATTRIBUTE_OF
from ..core.state import Challenge, Figure, Hero, item_left
from ..core.windows import (
    AFTER_COMBAT,
    BEFORE_COMBAT,
    DEFEAT_CHALLENGE,
    ESCAPE,
    KNOCKED_OUT,
    PHASES,
    moment_at,
)

MAX_ROUNDS = 100
_P_AT_LEAST = {n: sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= n) / 100
               for n in range(-40, 60)}


# phase -> (attribute, roll stat, damage stat), the names built once
_PHASE_STATS = {p: (ATTRIBUTE_OF[p], f"{p}_roll", f"{p}_damage") for p in PHASES}


def chance(need: int) -> float:
    """P(2d10 >= need) with faces 1..10."""
    return 1.0 if need <= 2 else 0.0 if need > 20 else _P_AT_LEAST[need]


@dataclass
class CombatResult:
    outcome: str  # defeated (the challenge), knocked_out, escaped, won, abandoned
    rounds: int
    winner: str | None = None
    loser: str | None = None
    spoils: list[str] = field(default_factory=list)


class Combat(Resolver):
    # ------------------------------------------------------------------ challenge combat
    def fight_challenge(self, hero: Hero, challenge: Challenge, *, before_combat: bool = True,
                        escape: bool = True, **start_info) -> CombatResult:
        """A Hero against a challenge, round by round until one is defeated or the Hero
        escapes. ``before_combat=False`` skips the "Before Combat" step (no card text, no
        window) and ``escape=False`` the escape step of every round (a travel hazard);
        ``start_info`` goes into the ``combat_start`` record."""
        self._begin({hero.id: challenge})
        self.log.emit("combat_start", hero=hero.id, challenge=challenge.id, **start_info,
                      ruleset=self.ruleset.name, combat=self.state.combat_no)
        rounds = 0
        try:
            if before_combat:
                self._step(BEFORE_COMBAT, 0)
                self.open_window(hero, BEFORE_COMBAT)  # the challenge's text first
            for rounds in range(1, MAX_ROUNDS + 1):
                if escape and self._escape_step(hero, challenge, rounds):
                    return self._end(self._escaped(hero, challenge, rounds))
                attacked = self.round_attacks = set()  # ability attacks count too
                self.round_begins()  # branch rbsix2: the wounds of this round
                self.fire({"kind": "round_start", "hero": hero.id})  # issue 32
                for phase in PHASES:
                    self._step(phase, rounds)
                    self.open_window(hero, phase)
                    open_assists(self, hero)  # ---- family 7: combat
                    self._phase(hero, challenge, phase, attacked, hero_vs_hero=False)
                self.fire({"kind": "round_end", "hero": hero.id})  # issue 32
                self.expire("end_of_round")
            self.log.emit("combat_abandoned", rounds=MAX_ROUNDS)
            return self._end(CombatResult("abandoned", MAX_ROUNDS))
        except Defeat as defeat:
            if defeat.figure is challenge:
                return self._end(self._challenge_defeated(hero, challenge, rounds))
            return self._end(self._knocked_out(hero, challenge, rounds))

    def _begin(self, enemies: dict) -> None:
        self.state.combat_no += 1
        self.combat_wounds = {}  # issue 32: the wounds each figure takes in this combat
        self.round_wounds = {}  # branch rbsix2: combat_wounds as the round began
        before, self.enemies = self.enemies, dict(enemies)
        self.enemies_changed(before)  # the challenge's rules now apply to its Hero
        self.finished = False
        self.round_attacks = set()

    def _step(self, step: str, round_no: int) -> None:
        self.expire("end_of_phase")  # branch rbseven: "this phase" ends as the next step begins
        self.moment = moment_at(step, step, self.state.combat_no, round_no, self.state.turn)
        self.log.emit("window", window=step, round=round_no)

    def _end(self, result: CombatResult) -> CombatResult:
        self.expire("end_of_phase")
        self.expire("end_of_round")
        self.expire("end_of_combat")
        self.moment = moment_at(AFTER_COMBAT, None, self.state.combat_no, 0, self.state.turn)
        for hero in self.heroes():
            if self.ruleset.is_defeated(hero.wounds, self.stat(hero, "life")):
                continue
            try:
                self.open_window(hero, AFTER_COMBAT)
            except Defeat:  # pragma: no cover - after-combat wounds; the turn loop handles it
                pass
        self.finished = True
        self.log.emit("combat_end", outcome=result.outcome, rounds=result.rounds,
                      winner=result.winner, loser=result.loser, spoils=result.spoils)
        self.moment = moment_at("none", turn=self.state.turn)
        before, self.enemies = self.enemies, {}
        self.enemies_changed(before)
        return result

    # ------------------------------------------------------------------ escape
    def _escape_step(self, hero: Hero, enemy: Figure, round_no: int) -> bool:
        self._step(ESCAPE, round_no)
        blocker = self.restricted("escape")
        while True:
            if blocker is not None:
                self.log.emit("escape_forbidden", hero=hero.id, source=blocker)
                return False
            danger = self._danger(hero, enemy)
            if not self.ask(hero, "escape", [False, True], danger=danger):
                return False
            if self.roll(hero, "escape", "mind", self.stat(hero, "escape_roll"),
                         self.stat(enemy, "mind")):
                escaped(self, hero)  # "Every time you escape, ..." (branch rbtrig2)
                return True
            self.inflict(hero, self.ruleset.escape_failure_wounds, source="escape", phase=None)

    def _danger(self, hero: Hero, enemy: Figure) -> bool:
        worst = sum(self.stat(enemy, f"{p}_damage") for p in PHASES)
        life_left = self.stat(hero, "life") + self.ruleset.defeat_margin - hero.wounds
        enemy_left = self.stat(enemy, "life") + self.ruleset.defeat_margin - enemy.wounds
        return worst >= life_left and enemy_left > 1

    def _escaped(self, hero: Hero, challenge: Figure, rounds: int) -> CombatResult:
        self.set_tokens(challenge, "wounds", 0, source="escape")
        if isinstance(challenge, Challenge):
            self.state.undefeated.append(challenge.id)
        self.log.emit("escaped", hero=hero.id, challenge=challenge.id, to="undefeated_track")
        return CombatResult("escaped", rounds, loser=hero.id)

    # ------------------------------------------------------------------ one phase
    def _phase(self, hero: Hero, enemy: Figure, phase: str, attacked: set[str],
               hero_vs_hero: bool) -> None:
        options = []
        if hero.id not in attacked and may_attack(self, hero, hero, phase):  # rbsubj: a rule
            options.append("attack")
        if not self.restricted("ally_attack"):
            options += [f"ally:{a.id}" for a in hero.allies if a.id not in attacked
                        and may_attack(self, hero, a, phase)]  # of a phase / round (rbsubj)
        options.append("defend")
        info = self._phase_info(hero, enemy, phase, attacked, options, hero_vs_hero)
        action = self.ask(hero, "phase_action", options, phase=phase, **info)
        enemy_damage = self.stat(enemy, f"{phase}_damage")
        if action == "defend" and enemy_damage <= 0:
            self.log.emit("no_roll", hero=hero.id, phase=phase,
                          reason=f"{enemy.name} deals no {phase} damage; a defence need not "
                                 "be rolled")
            return
        immune = immune_to(self, hero, phase) if action == "defend" else None  # ---- family 7
        if immune is not None:
            self.log.emit("no_roll", hero=hero.id, phase=phase,
                          reason=f"{hero.name} is immune to {phase} attacks ({immune}); a "
                                 "defence need not be rolled")
            return
        target = self.target_number(enemy, phase) if hero_vs_hero else None
        if action == "defend":
            self.combat_defend(hero, enemy, phase, target=target)
        elif action == "attack":
            attacked.add(hero.id)
            self.combat_attack(hero, enemy, phase, 0, source=hero.id, target=target)
        else:
            ally = hero.ally(action.split(":", 1)[1])
            attacked.add(ally.id)
            self.combat_attack(ally, enemy, phase, 0, source=ally.id, target=target)

    def _phase_info(self, hero, enemy, phase, attacked, options, hero_vs_hero) -> dict:
        """Expected wounds dealt for each option (for bots; scripts ignore it)."""
        stat = self.stat

        def ev(fig, ph):
            attr, roll, damage = _PHASE_STATS[ph]
            if hero_vs_hero:
                need = 11 + stat(enemy, attr) - stat(fig, attr)
            else:
                need = stat(enemy, attr) - stat(fig, attr)
            need -= stat(fig, roll)
            p = chance(need)
            risk = stat(enemy, damage)
            if fig.kind == "ally" and fig.wounds + risk >= stat(fig, "life") and p < 0.5:
                return 0.0
            return p * stat(fig, damage) - (1 - p) * 0.25 * risk
        later = PHASES[PHASES.index(phase) + 1:]
        out = {"ev": {}, "hero_ev_later": {}}
        for o in options:
            if o == "attack":
                out["ev"][o] = round(ev(hero, phase), 4)
            elif o.startswith("ally:"):
                out["ev"][o] = round(ev(hero.ally(o[5:]), phase), 4)
        if "attack" in options:
            out["hero_ev_later"] = {p: round(ev(hero, p), 4) for p in later}
        return out

    # ------------------------------------------------------------------ outcomes
    def _challenge_defeated(self, hero: Hero, challenge: Challenge, rounds: int):
        self.log.emit("challenge_defeated", hero=hero.id, challenge=challenge.id)
        self.moment = moment_at(DEFEAT_CHALLENGE, None, self.state.combat_no, rounds,
                                self.state.turn)
        if challenge.reward_gold:
            self.gain_gold(hero, challenge.reward_gold, source=challenge.id)
        if challenge.colour:
            hero.adventure_counters.append(challenge.colour)
        challenge.wounds = 0
        if challenge.reward_keep:
            if challenge.reward_becomes == "item":
                hero.items.append(challenge.id)
            elif challenge.reward_becomes == "ally":
                hero.allies.append(self.catalog.new_ally(challenge.id)
                                   if self.catalog.card(challenge.id).kind == "ally"
                                   else Figure.from_card({**self.catalog.card(challenge.id).data,
                                                          "kind": "ally"}))
            self.modifiers_changed()
            hero.trophies.append(challenge.id)
        else:
            self.state.discarded_adventures.append(challenge.id)
        self.log.emit("reward", hero=hero.id, gold=challenge.reward_gold,
                      kept=challenge.id if challenge.reward_keep else None,
                      counter=challenge.colour)
        try:
            self.fire({"kind": "defeat_challenge", "hero": hero.id})
            self.open_window(hero, DEFEAT_CHALLENGE)
        except Defeat:  # pragma: no cover
            pass
        return CombatResult("defeated", rounds, winner=hero.id, loser=challenge.id)

    def _knocked_out(self, hero: Hero, enemy: Figure, rounds: int) -> CombatResult:
        self.knock_out(hero)
        if isinstance(enemy, Challenge):
            self.set_tokens(enemy, "wounds", 0, source="knocked_out")
            self.state.undefeated.append(enemy.id)
        return CombatResult("knocked_out", rounds, winner=enemy.id, loser=hero.id)

    def knock_out(self, hero: Hero) -> None:
        """Seed 000 "Tajunnan menetys"; moving to the nearest town is the turn loop's. The
        knocked-out window opens once the losses are taken (the challenge's text first)."""
        self.log.emit("knocked_out", hero=hero.id)
        self.moment = moment_at(KNOCKED_OUT, None, self.state.combat_no, 0, self.state.turn)
        try:
            self.fire({"kind": "knocked_out", "hero": hero.id})
        except Defeat:  # pragma: no cover
            pass
        self.set_tokens(hero, "wounds", 0, source="knocked_out")
        self.set_tokens(hero, "exhaustion", 0, source="knocked_out")
        if self.ruleset.knockout_loses_gold and "gold" not in kept_losses(self, hero):
            self.set_tokens(hero, "gold", 0, source="knocked_out")
        if self.ruleset.knockout_loses_adventure_counters and hero.adventure_counters:
            self.log.emit("lost_counters", hero=hero.id, counters=list(hero.adventure_counters))
            hero.adventure_counters.clear()
        losable = [c for c in hero.items if c not in hero.trophies]
        losable += [a.id for a in hero.allies if a.id not in hero.trophies]
        if losable:
            top = max(self.catalog.card(c).cost for c in losable)
            tied = [c for c in losable if self.catalog.card(c).cost == top]
            tied = loss_options(self, hero, tied)  # branch rblimits: "discard this card instead"
            lost = tied[0] if len(tied) == 1 else self.ask(hero, "knockout_loss", tied)
            if hero.ally(lost) is not None:  # "this Ally is discarded" (issue 32, rbtrig)
                ally_leaves(self, hero, lost)
            self._remove_card(hero, lost)
            self.state.market_bottom.append(lost)
            self.log.emit("lost_card", hero=hero.id, card=lost, to="market_bottom")
        try:  # "When your Hero is knocked out, ...": once its losses are taken
            self.open_window(hero, KNOCKED_OUT)
        except Defeat:  # pragma: no cover - its wounds were just removed
            pass
        self.log.emit("move_to_nearest_town", hero=hero.id, pending="turn loop")

    def _remove_card(self, hero: Hero, card_id: str):
        if card_id in hero.items:
            hero.items.remove(card_id)
            self.modifiers_changed()
            item_left(hero, card_id)
            return card_id
        ally = hero.ally(card_id)
        if ally is None:
            raise IllegalAction(f"{hero.name} holds no {card_id}")
        hero.allies.remove(ally)
        self.modifiers_changed()
        return ally
