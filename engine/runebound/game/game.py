"""A whole game of Runebound: the turn loop over the steps, and where every card goes.

``Game`` holds the read-only data (catalog, rules, board, movement dice, adventure), the
:class:`~runeforge.engine.runebound.game.gamestate.GameState` and the players, and runs turns
until a Hero wins. The steps live in mixins: :mod:`.turn` (refresh, movement, travel hazards),
:mod:`.adventure` (challenges, events, encounters, the undefeated track, other Heroes),
:mod:`.market`, :mod:`.experience`, :mod:`.doom` (doom track) and :mod:`.endgame`. Build a game
with :func:`runeforge.engine.runebound.game.setup.new_game`.
"""

from __future__ import annotations

import os
import random

from runeforge.engine.common.dice import Dice
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.gcscope import freeze_long_lived
from runeforge.engine.common.log import EventLog

from ..combat.gamecombat import GameCombat
from ..core.rulesdata import RulesData
from ..core.ruleset import Ruleset
from ..core.windows import END_OF_TURN, START_OF_TURN, moment_at
from .adventure import AdventureStep
from .decks import GAME_GRANTS, DeckEffects  # family 5/6 (issue 21)
from .doom import DoomTrack
from .endgame import Endgame
from .experience import ExperienceStep
from .invariants import InvariantError, check_invariants
from .market import MarketStep
from .move_now import move_now  # branch runs: a move granted after the movement step
from .move_rbmove import GRANTS as RBMOVE_GRANTS  # branch rbmove (it imports place.py)
from .offer_rbmarket import GRANTS as OFFER_GRANTS  # branch rbmarket: the market deck's offer
from .place import GRANTS as _PLACE_GRANTS
from .turn import TurnOver, TurnSteps

PLACE_GRANTS = {**_PLACE_GRANTS, **RBMOVE_GRANTS}  # family 4/9, and a move to a terrain's space


class Game(DeckEffects, TurnSteps, AdventureStep, MarketStep, ExperienceStep, DoomTrack, Endgame):
    def __init__(self, catalog, rules, board, movement_dice, adventure, state, players,
                 *, seed: int = 0, debug: bool = False, log: EventLog | None = None,
                 expected_cards: dict | None = None):
        self.catalog, self.rules, self.board = catalog, rules, board
        self.movement_dice, self.adventure = movement_dice, adventure
        self.state, self.players, self.debug = state, players, debug
        self.log = log if log is not None else EventLog()
        self.rng = random.Random(f"runeforge-board-{seed}")
        self.combat = GameCombat(self, catalog, state, Dice(seed), players,
                                 _combat_ruleset(rules), self.log)
        # the caches of whole games (issue 19); RUNEFORGE_NO_GAME_CACHES=1 turns them off, so
        # the tests and the benchmark can compare with the same code without them
        self.combat.cache_stats(not no_game_caches())
        self.combat.verify_cache = debug  # every cached stat checked against a fresh one
        self.expected_cards = expected_cards or {}
        self.steps = 0

    # the movement grants waiting for the movement step, and whether the active Hero's step has
    # passed (turn.py): kept in the state, so a game saved in the middle of a turn keeps them
    @property
    def pending_movement(self) -> list[dict]:
        return self.state.pending_movement

    @pending_movement.setter
    def pending_movement(self, value: list[dict]) -> None:
        self.state.pending_movement = value

    @property
    def defeated_challenges(self) -> list[list[str]]:  # [hero, card] since check_win (runs4)
        return self.state.defeated_challenges

    @defeated_challenges.setter
    def defeated_challenges(self, value: list[list[str]]) -> None:
        self.state.defeated_challenges = value

    @property
    def knocked_out(self) -> list[str]:  # those knocked out this turn (turn.py)
        return self.state.knocked_out

    @knocked_out.setter
    def knocked_out(self, value: list[str]) -> None:
        self.state.knocked_out = value

    @property
    def movement_done(self) -> bool:
        return self.state.movement_done

    @movement_done.setter
    def movement_done(self, value: bool) -> None:
        self.state.movement_done = value

    # ------------------------------------------------------------------ helpers
    def hero(self, hero_id: str):
        return self.state.hero(hero_id)

    def card(self, card_id: str):
        return self.catalog.card(card_id)

    def colour_of(self, card_id: str) -> str:
        return self.card(card_id).data.get("colour", "")

    def ask(self, hero_id: str, kind: str, options: list, **info):
        return self.combat.ask(self.hero(hero_id), kind, options, **info)

    def emit(self, type_: str, **fields) -> None:
        self.log.emit(type_, **fields)

    def checkpoint(self, label: str) -> None:
        self.steps += 1
        if self.debug:
            problems = check_invariants(self)
            if problems:
                raise InvariantError(f"after {label} (turn {self.state.turn}): "
                                     + "; ".join(problems))

    # ------------------------------------------------------------------ the loop
    def run(self):
        freeze_long_lived()  # the collector walks what games make, not the content
        self.emit("game_start", seats=list(self.state.seats), ruleset=self.rules.id,
                  adventure=self.adventure.id, players=self.state.players,
                  doom=self.state.doom, house_rules=list(self.rules.house_rules_on))
        self.checkpoint("setup")
        while self.state.phase != "over":
            if self.state.phase == "endgame":
                self.run_endgame()
            else:
                self.take_turn(self.state.active_hero)
                self.next_player()
        self.emit("game_end", winner=self.state.winner, how=self.state.how,
                  round=self.state.round, turn=self.state.turn)
        return self.state

    def next_player(self) -> None:
        s = self.state
        if s.phase != "game":
            return
        s.current = (s.current + 1) % len(s.seats)
        if s.current == 0:
            s.round += 1
            if s.round > self.adventure.turn_cap:
                self.declare(None, f"turn cap of {self.adventure.turn_cap} rounds: no winner")
        s.turn += 1

    def take_turn(self, hero_id: str) -> None:
        s = self.state
        self.combat.moment = moment_at("none", turn=s.turn)
        self.emit("turn", hero=hero_id, turn=s.turn, round=s.round)
        hero = self.hero(hero_id)
        try:
            barred = self.barred_colours(hero_id)
            if self.rules.house_rule("renew_when_board_empty") and not any(
                    s.undefeated_at(sp) is None and colour not in barred
                    and self.has_challenge(colour) for sp, colour in s.board_counters.items()):
                self.emit("renewal_safeguard", hero=hero_id)
                self.renew_counters(hero)
            self.refresh(hero)
            self.checkpoint("refresh")
            self.movement(hero)
            self.checkpoint("movement")
            self.adventure_step(hero)
            self.checkpoint("adventure")
            if self.board.is_town(s.positions[hero.id]):
                self.market_step(hero)
                self.checkpoint("market")
            self.experience_step(hero)
            self.checkpoint("experience")
        except TurnOver:
            self.settle()
            self.checkpoint("turn over")
        self.end_turn(hero)
        s.turns_taken[hero_id] = s.turns_taken.get(hero_id, 0) + 1
        self.offer_hero_changes()  # seed 002: a knocked-out Hero may be changed (turn.py)

    def start_of_turn(self, hero) -> None:
        self.combat.moment = moment_at(START_OF_TURN, turn=self.state.turn)
        self.combat.open_window(hero, START_OF_TURN)  # the active event's text too
        self.after_effects(hero)

    def end_turn(self, hero) -> None:
        if self.state.phase != "game":
            return
        self.combat.moment = moment_at(END_OF_TURN, turn=self.state.turn)
        self.combat.open_window(hero, END_OF_TURN)
        self.combat.expire("end_of_turn")
        self.combat.moment = moment_at("none", turn=self.state.turn)
        self.after_effects(hero, turn_can_end=False)

    # ------------------------------------------------------------------ after effects
    def after_effects(self, hero, turn_can_end: bool = True) -> None:
        """Apply recorded grants, move pending cards, knock out Heroes at Life."""
        self.combat.finished = False
        ends = any(g["op"] == "end_turn" and g["hero"] == hero.id for g in self.combat.grants)
        self.apply_grants(hero)
        self.settle()
        out = False
        for h in list(self.state.heroes):
            if h.wounds and self.combat.ruleset.is_defeated(h.wounds, self.combat.stat(h, "life"))\
                    and h.id not in self.out():
                self.combat.knock_out(h)
                self.settle()
                self.move_to_nearest_town(h)
                out = out or h.id == hero.id
        self.check_win(hero)
        if self.state.phase != "game" or ((out or ends) and turn_can_end):
            raise TurnOver()  # ends: "end your turn" (issue 32)

    def apply_grants(self, hero) -> None:
        grants, self.combat.grants = self.combat.grants, []
        for grant in grants:
            if grant["op"] == "draw_market":
                space = self.state.positions.get(grant["hero"])
                if space and self.board.is_town(space):
                    self.market_draw(self.board.space(space).town, grant["amount"])
                else:
                    self.emit("grant_unused", **grant, reason="not in a town")
            elif grant["op"] in PLACE_GRANTS:  # family 4/9: the board and the game
                PLACE_GRANTS[grant["op"]](self, grant)
            elif grant["op"] in OFFER_GRANTS:  # branch rbmarket: the market deck's offer
                OFFER_GRANTS[grant["op"]](self, grant)
            elif grant["op"] in GAME_GRANTS:  # family 5/6 (issue 21): decks.py
                self.apply_deck_grant(grant)
            elif grant["op"] == "end_turn":  # issue 32: after_effects ends the turn
                self.emit("turn_ended", hero=grant["hero"], source=grant["source"])
            elif grant["op"] == "move" and self.movement_done:  # branch runs: move now
                move_now(self, grant)
            else:
                self.pending_movement.append(grant)

    def settle(self) -> None:
        """Move the cards the combat engine set aside to their places in the game."""
        s = self.state
        if s.market_bottom:  # family 5/6 (issue 21): an Ally placed from an adventure card
            self.settle_placed_allies()
        while s.market_bottom:
            s.market_deck.append(s.market_bottom.pop(0))
        while s.discarded_adventures:
            self.discard_played(s.discarded_adventures.pop(0),
                                self.rules.adventure.defeated_challenge)
        while s.undefeated:
            self.to_undefeated(s.undefeated.pop(0), s.positions.get(s.active_hero))

    def out(self) -> tuple:
        return tuple(self.state.endgame.get("out", ()))

    # ------------------------------------------------------------------ winning
    def check_win(self, hero) -> bool:
        """Has a Hero won? The first to meet the adventure's condition wins and the game ends
        (seed 000, "Pelin voittaminen ja loppuminen"). Every check takes the defeats recorded
        since the last one, whichever way it returns (branch mends): a check that returned
        early (the game over, a defeat that wins) kept them, and a later check (a restored
        game) read them again."""
        beaten_since = list(self.defeated_challenges)
        self.defeated_challenges.clear()
        if self.state.phase == "over":
            return True
        adv = self.adventure
        for who, beaten in beaten_since:
            if beaten in adv.defeat_to_win:
                self.declare(who, f"defeated {self.card(beaten).name}")
                return True
        for h in self.state.heroes:
            if adv.hold_marker and len(h.items) >= adv.hold_count:
                runes = [c for c in h.items if adv.carries_marker(self.card(c).data)]
                if len(runes) >= adv.hold_count:
                    self.declare(h.id, f"holds {len(runes)} cards marked {adv.hold_marker}")
                    return True
        return False

    def declare(self, winner: str | None, how: str) -> None:
        self.state.winner, self.state.how, self.state.phase = winner, how, "over"
        self.defeated_challenges.clear()  # the game is over: no check is left to read them
        self.emit("winner", hero=winner, how=how)


def no_game_caches() -> bool:
    """Are the caches of whole games turned off (``RUNEFORGE_NO_GAME_CACHES=1``)?"""
    return os.environ.get("RUNEFORGE_NO_GAME_CACHES", "") not in ("", "0")


def _combat_ruleset(rules) -> Ruleset:
    if isinstance(rules, RulesData):
        return Ruleset.from_data(rules)
    if isinstance(rules, Ruleset):  # already a combat Ruleset
        return rules
    raise EngineError("rules must be a RulesData")
