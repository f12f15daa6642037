"""The combat engine wired into a whole game: the bank, the active event, where cards go.

:class:`GameCombat` is the combat engine
(:class:`~runeforge.engine.runebound.combat.duel.Duel`) with the hooks a game needs:

* gold comes from and goes to the bank (``GameState.bank_gold``), never from nothing;
* the active event's always-on rules apply to every Hero (cost modifiers, restrictions);
* outside combat "each Hero" means every Hero in the game;
* the adventure counter of a defeated challenge is taken from the space (or, for a travel
  hazard, from the box); where a challenge card goes (undefeated track, doom track, deck) is
  the game's decision (:class:`~runeforge.engine.runebound.game.game.Game`);
* combat modes: ``normal``; ``hazard`` (seed 002: no Before Combat, no escape, no reward);
  ``endgame`` (no escape; a knocked-out Hero is eliminated and loses nothing).
"""

from __future__ import annotations

import weakref
from itertools import chain

from ..core.cardwindows import ACTIVE, ACTIVE_TIMINGS, HELD_IN_FORCE_KINDS, runner
from ..core.resolver import Defeat
from ..core.state import Challenge, Figure, Hero
from ..core.windows import (
    DEFEAT_CHALLENGE,
    moment_at,
)
from .combat import CombatResult
from .duel import Duel

# windows in which the active event's own text runs, for the Hero whose window it is (the
# table of card windows: docs/windows.md)
EVENT_WINDOWS = ACTIVE_TIMINGS


class ActiveEventRules:
    """The active event (``state.active_event``, a card id or None) in the combat engine: its
    always-on rules apply to every Hero, and its text for a window ("Before moving, you may
    roll 1 additional movement die."; "When you defeat a challenge, gain 1 gold.") runs
    after the Hero's own abilities in that window."""

    def open_window(self, hero, window, pending=None) -> None:
        super().open_window(hero, window, pending)
        if pending is None and window in EVENT_WINDOWS:
            self.event_text(hero, window)

    def event_text(self, hero, window: str) -> None:
        event = getattr(self.state, "active_event", None)
        if event:
            card = self.catalog.card(event)
            own = [a for a in card.abilities
                   if a.timing == window and runner(card.kind, a.timing) == ACTIVE]
            if own:
                self.run_card_text(hero, event, own, hostile=True)

    def everyones(self, card) -> bool:
        return card.id == getattr(self.state, "active_event", None)

    def _standing_cards(self):
        cards = super()._standing_cards()
        event = getattr(self.state, "active_event", None)
        if not event:
            return cards
        card = self.catalog.card(event)
        return chain(cards, ((hero, card) for hero in self.state.heroes))

_ALL_STATS = ("mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage",
              "life", "stamina", "ranged_roll", "melee_roll", "magic_roll", "movement_dice")


class GameCombat(ActiveEventRules, Duel):
    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._game = weakref.ref(game)
        self.mode = "normal"
        self._self_only_for = self._self_only_stats = None

    @property
    def game(self):
        return self._game()

    def hero_place(self, hero):  # family 1 (issue 21): conditions on the Hero's space
        """(terrain, town name or None) of the space ``hero`` stands on (None: off the board)."""
        where = self.game.state.positions.get(hero.id)
        if where is None:
            return None
        space = self.game.board.space(where)
        return space.terrain, space.town

    # ------------------------------------------------------------------ bank
    def set_tokens(self, fig, attr, value, source, cause=None):
        if attr == "gold":
            delta = value - fig.gold
            if delta > self.state.bank_gold:  # the bank holds only so many coins
                value = fig.gold + self.state.bank_gold
                delta = self.state.bank_gold
            self.state.bank_gold -= delta
        super().set_tokens(fig, attr, value, source, cause)

    # ------------------------------------------------------------------ event rules
    def standing_modifier(self, fig, name: str) -> int:
        """The resolver's ``standing_modifier`` with a fast path: when every always-on
        modifier of ``name`` in the whole catalog targets its own Hero ("you receive +3
        Body"), only the Hero's own cards, the challenge it faces and the active event can
        change it."""
        if name not in self._self_only():
            return super().standing_modifier(fig, name)
        total = 0
        if isinstance(fig, Hero):
            # the Hero's own cards (kept by the cards held: standing.held_cached) ...
            total = self.held_cached(("held", name, fig.id, *fig.items,
                                      *[a.id for a in fig.allies]),
                                     self._held_modifier, fig, name)
            enemy = self.enemies.get(fig.id)  # ... the challenge it faces, the event
            if enemy is not None and enemy.kind == "challenge":
                total += self._card_modifier(enemy.id, name)
            if self.state.active_event:
                total += self._card_modifier(self.state.active_event, name)
        return total

    def _held_modifier(self, hero, name: str) -> int:
        card = self.catalog.card
        return sum(e.value for card_id in (hero.id, *hero.items, *(a.id for a in hero.allies))
                   if card(card_id).kind in HELD_IN_FORCE_KINDS
                   for e in card(card_id).modifiers.get(name, ()))

    def _card_modifier(self, card_id: str, name: str) -> int:
        return sum(e.value for e in self.catalog.card(card_id).modifiers.get(name, ()))

    def _self_only(self) -> frozenset:
        summary = self.catalog._summarised()  # refreshed when cards were added
        if self._self_only_for is summary:  # computed for this state of the catalog
            return self._self_only_stats
        cached = getattr(self.catalog, "_self_only_stats", None)
        if cached is None or cached[0] != self.catalog.modified_stats:
            stats = {}
            for c in self.catalog.cards.values():
                for stat, effects in c.modifiers.items():
                    ok = all(e.target in ("hero", "you") for e in effects)
                    stats[stat] = stats.get(stat, True) and ok
            cached = (self.catalog.modified_stats,
                      frozenset(k for k, v in stats.items() if v) | frozenset(
                          k for k in _ALL_STATS if k not in self.catalog.modified_stats))
            self.catalog._self_only_stats = cached
        self._self_only_for, self._self_only_stats = self.catalog._summary, cached[1]
        return cached[1]

    def heroes(self):
        if self.enemies:
            return super().heroes()
        return [h for h in self.state.heroes if h.id not in self.state.endgame.get("out", ())]

    # ------------------------------------------------------------------ fights
    def fight(self, hero: Hero, challenge: Challenge, mode: str = "normal") -> CombatResult:
        """A challenge fight in ``mode`` (normal, hazard, endgame)."""
        self.mode = mode
        try:
            if mode != "hazard":
                return self.fight_challenge(hero, challenge)
            # a travel hazard: no "Before Combat" step and no escape
            return self.fight_challenge(hero, challenge, before_combat=False, escape=False,
                                        hazard=True)
        finally:
            self.mode = "normal"
            self.finished = False

    def fight_heroes(self, attacker, defender):
        try:
            return super().fight_heroes(attacker, defender)
        finally:
            self.finished = False

    def _escape_step(self, hero, enemy, round_no):
        if self.mode == "hazard" or (self.mode == "endgame"
                                     and not self.game.rules.endgame.may_escape):
            return False
        return super()._escape_step(hero, enemy, round_no)

    def trophy_moved(self, giver: Hero, taker: Hero, card: str) -> None:
        """A kept red challenge taken from another Hero moves one beaten red challenge of the
        endgame ranking with it ("most red Challenge cards in inventory")."""
        data = self.catalog.card(card)
        if data.kind == "challenge" and data.data.get("colour") == "red":
            tally = self.state.red_challenges
            if tally.get(giver.id, 0) > 0:
                tally[giver.id] -= 1
                tally[taker.id] = tally.get(taker.id, 0) + 1

    # ------------------------------------------------------------------ outcomes
    def _challenge_defeated(self, hero: Hero, challenge: Challenge, rounds: int):
        self.log.emit("challenge_defeated", hero=hero.id, challenge=challenge.id,
                      mode=self.mode)
        self.moment = moment_at(DEFEAT_CHALLENGE, None, self.state.combat_no, rounds,
                                self.state.turn)
        hazard = self.mode == "hazard"
        if challenge.reward_gold and not hazard:
            self.gain_gold(hero, challenge.reward_gold, source=challenge.id)
        counter = self.game.take_counter(hero, challenge.colour, self.mode)
        challenge.wounds = 0
        if challenge.colour == "red":
            self.state.red_challenges[hero.id] = self.state.red_challenges.get(hero.id, 0) + 1
        if self.mode == "endgame":
            self.state.endgame["won"] = True
        kept = challenge.reward_keep and not hazard
        if kept:
            if challenge.reward_becomes == "item":
                hero.items.append(challenge.id)
            elif challenge.reward_becomes == "ally":
                card = self.catalog.card(challenge.id)
                hero.allies.append(Figure.from_card({**card.data, "kind": "ally"}))
            self.modifiers_changed()
            hero.trophies.append(challenge.id)
        else:
            self.game.challenge_done(challenge.id, self.mode)
        self.log.emit("reward", hero=hero.id, gold=0 if hazard else challenge.reward_gold,
                      kept=challenge.id if kept else None, counter=counter)
        self.game.defeated_challenges.append([hero.id, challenge.id])
        try:
            self.fire({"kind": "defeat_challenge", "hero": hero.id})
            self.open_window(hero, DEFEAT_CHALLENGE)
        except Defeat:  # pragma: no cover - the game checks defeat after the combat
            pass
        return CombatResult("defeated", rounds, winner=hero.id, loser=challenge.id)

    def _knocked_out(self, hero: Hero, enemy, rounds: int) -> CombatResult:
        self.knock_out(hero)
        if isinstance(enemy, Challenge):
            self.set_tokens(enemy, "wounds", 0, source="knocked_out")
            self.game.challenge_undefeated(enemy.id, hero.id, self.mode)
        return CombatResult("knocked_out", rounds, winner=enemy.id, loser=hero.id)

    def _escaped(self, hero, challenge, rounds):
        self.set_tokens(challenge, "wounds", 0, source="escape")
        if isinstance(challenge, Challenge):
            self.game.challenge_undefeated(challenge.id, hero.id, self.mode)
        self.log.emit("escaped", hero=hero.id, challenge=challenge.id, to="undefeated_track")
        return CombatResult("escaped", rounds, loser=hero.id)

    def knock_out(self, hero: Hero) -> None:
        if self.mode == "endgame" and self.game.rules.endgame.eliminated_loses_nothing:
            self.log.emit("eliminated", hero=hero.id)
            self.set_tokens(hero, "wounds", 0, source="eliminated")
            self.set_tokens(hero, "exhaustion", 0, source="eliminated")
            self.game.eliminate(hero.id)
            return
        counters = list(hero.adventure_counters)
        super().knock_out(hero)
        if counters and not hero.adventure_counters:  # lost counters go back to the box
            for colour in counters:
                self.state.box_counters[colour] = self.state.box_counters.get(colour, 0) + 1
        # the points written down stand for counters the box could not give as change (seed
        # 000 "kirjoita paperille ylös sinulle kuuluvien seikkailumerkkien pistemäärät"): they
        # go with the counters (seed 002: "discard ... adventure counters")
        written = getattr(self.state, "experience_credit", {}).get(hero.id, 0)
        if self.ruleset.knockout_loses_adventure_counters and written:
            self.state.experience_credit[hero.id] = 0
            self.log.emit("lost_written_points", hero=hero.id, points=written)
        self.game.knocked_out.append(hero.id)
