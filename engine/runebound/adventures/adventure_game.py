"""Adventures in the whole game: the game loop of :mod:`..game.game` with an adventure document.

:func:`new_adventure_game` sets up the ordinary game (:func:`..game.setup.new_game`: board, box,
Heroes, seats) and then lays out the adventure from its document and rule module:

* the adventure decks (:meth:`AdventureRules.decks`): base decks as ``adventure_decks[colour]``,
  the decks placed beside them as ``adventure_decks["side:<colour>"]``; set-aside cards and
  cards of packs not in play go to the box (``removed``);
* the market deck of the base packs plus the chosen market expansions (shuffled in or first);
* adventure counters only on gems of the adventure's colours (the rest stay in the box);
* the doom track only for an adventure whose endgame is the red one.

:class:`AdventureHooks` (mixed in before :class:`..game.game.Game`) redirects draws
(:func:`.adventure_rules.next_draw`), asks the rule module after every defeated challenge
whether the endgame starts (after that player's experience step), and runs the adventure's
endgame: the red endgame of the game, the Elder King showdown (:mod:`.crown_game`, with the
rules of :mod:`.crown`), or the Giant Lord invasion (:mod:`.kyros_game`, :mod:`.kyros`).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from ..game.setup import new_game
from .adventure_rules import get_adventure, next_draw
from .crown_game import ShowdownSteps
from .expansions import ADVENTURE_EXPANSIONS, MARKET_EXPANSIONS, market_deck
from .kyros_game import InvasionSteps
from .rule_modules import load_rules

SIDE = "side:"
RED_ENDGAME = "red-challenges"


def new_adventure_game(bundle: dict, *, adventure: str = "rise-of-the-dragon-lords",
                       expansions=(), expansion_mode: str = "shuffle", **options):
    """A ready game of ``adventure`` (an adventure document of the bundle)."""
    spec = get_adventure(bundle, adventure)
    rules = load_rules(spec)
    game = new_game(bundle, adventure="rise-of-the-dragon-lords", **options)
    game.__class__ = _game_class(type(game))
    game.setup_adventure(bundle, spec, rules, tuple(expansions), expansion_mode)
    return game


_CLASSES: dict[type, type] = {}


def _game_class(base: type) -> type:
    if base not in _CLASSES:
        _CLASSES[base] = type("Adventure" + base.__name__, (AdventureHooks, base), {})
    return _CLASSES[base]


def _saved(name: str) -> property:
    """The Game's attribute ``name``, kept in the saved state (``GameState``, branch runs3)."""
    return property(lambda self: getattr(self.state, name),
                    lambda self, value: setattr(self.state, name, value),
                    doc=f"``state.{name}``: a saved adventure game keeps it")


class AdventureHooks(ShowdownSteps, InvasionSteps):
    # the adventure's records of the whole game live in the saved state
    elder_king = _saved("elder_king")
    giant_lords_defeated = _saved("giant_lords_defeated")
    adventure_defeats = _saved("adventure_defeats")
    side_cards = _saved("side_cards")

    # ------------------------------------------------------------------ set-up
    def setup_adventure(self, bundle, spec, rules, expansions, mode) -> None:
        s = self.state
        self.spec, self.adventure_rules = spec, rules
        self.elder_king = None
        self.giant_lords_defeated = 0
        self.adventure_defeats = []  # [hero, card], the whole game
        rng = random.Random(f"runeforge-adventure-{s.seed}")
        # the box (coins, counters, tokens) is the base game's; winning is the adventure's
        self.adventure = dataclasses.replace(self.adventure, id=spec.id, name=spec.name,
                                             defeat_to_win=(), hold_marker=None)
        if spec.endgame.get("type") != RED_ENDGAME:
            s.doom = False  # the adventure's own endgame replaces the doom track's red one
        s.adventure = spec.id
        pool = Counter(c for deck in s.adventure_decks.values() for c in deck)
        pool.update(s.doom_track)
        pool.update(s.market_deck)
        for stack in s.market_stacks.values():
            pool.update(stack)
        s.doom_track.clear()
        decks = rules.decks(bundle, rng, [e for e in expansions if e in ADVENTURE_EXPANSIONS],
                            mode)
        s.adventure_decks = {c: list(d) for c, d in decks.base.items()}
        s.adventure_decks.update({SIDE + c: list(d) for c, d in decks.side.items()})
        base_packs = sorted({d.pack for d in spec.decks if d.place == "base"})
        s.market_deck = market_deck(bundle, base_packs,
                                    [e for e in expansions if e in MARKET_EXPANSIONS], rng, mode)
        for town in s.market_stacks:
            s.market_stacks[town] = []
            if town != self.board.start_town and s.market_deck:
                s.market_stacks[town].append(s.market_deck.pop(0))
        placed = Counter(c for deck in s.adventure_decks.values() for c in deck)
        placed.update(s.market_deck)
        for stack in s.market_stacks.values():
            placed.update(stack)
        s.removed.extend(sorted((pool - placed).elements()))
        for space, colour in list(s.board_counters.items()):
            if colour not in rules.counter_colours():
                del s.board_counters[space]
                s.box_counters[colour] = s.box_counters.get(colour, 0) + 1
        self.side_cards = sorted({c for d in decks.side.values() for c in d})
        if s.doom:
            self.setup_doom_track()
        self.options = {**getattr(self, "options", {}), "adventure": spec.id,
                        "expansions": list(expansions), "expansion_mode": mode}
        self.emit("adventure_setup", adventure=spec.id, rules=spec.rules,
                  decks={k: len(v) for k, v in sorted(s.adventure_decks.items())},
                  market=len(s.market_deck), aside=len(s.removed))

    # ------------------------------------------------------------------ draws
    def draw_and_play(self, hero, colour: str) -> None:
        town = self.occupied_town_of(hero)
        if town is not None:
            self.fight_occupier(hero, town)
            return
        source = "base"
        for _ in range(60):
            key = colour if source == "base" else SIDE + colour
            deck = self.state.adventure_decks.get(key) or []
            if not deck:
                self.emit("deck_empty", colour=key)
                return
            _, source, fought = self._play_drawn(hero, colour, deck.pop(0), source)
            if fought or source is None:
                return

    def _play_drawn(self, hero, colour: str, card: str, source: str):
        """Play ``card`` drawn from ``source`` ("base" or "side") of ``colour``'s decks as
        the adventure says (:func:`.adventure_rules.next_draw`): (the action, the deck the
        next card comes from or None, was a challenge fought)."""
        cdef = self.card(card)
        side_left = bool(self.state.adventure_decks.get(SIDE + colour))
        action, nxt = next_draw(self.spec, cdef.kind, source, side_left)
        if action == "discard":
            self.emit("adventure_card", hero=hero.id, card=card, kind=cdef.kind,
                      discarded=True)
            if cdef.kind == "event" and cdef.data.get("renew", True) and self.spec.renew:
                self.renew_counters(hero)
            rule = (self.rules.adventure.event_discard if cdef.kind == "event"
                    else self.rules.adventure.encounter_after_play)
            self.discard_played(card, rule)
            return action, nxt, False
        return action, nxt, self.played_ends_adventure(hero, card)

    def draw_one_more(self, hero, colour: str) -> None:
        """"Draw another adventure card (and resolve it)" under the adventure's decks (branch
        mends): the card comes from the base deck of its colour, and seed 001's rule holds
        for it as for every draw from that deck. An event or encounter the adventure
        redirects is discarded unresolved and replaced by a card of the side deck (Sceptre
        of Kyros), or resolved and followed by one (Crown of the Elder Kings); with the side
        deck empty a discarded card is replaced from the base deck again. It drew from the
        base deck alone and resolved whatever came (a Kyros event that should be
        discarded, a Crown card with no Crown card after it)."""
        before, fought, source = self.challenge_within, False, "base"
        for _ in range(60):
            if source == "base":
                card = self.draw_adventure(colour)  # refilled as the base game's
            else:
                side = self.state.adventure_decks.get(SIDE + colour) or []
                card = side.pop(0) if side else None
            if card is None:
                self.emit("deck_empty", colour=colour if source == "base" else SIDE + colour)
                break
            action, nxt, fought = self._play_drawn(hero, colour, card, source)
            if fought or nxt is None or source == "side" or (
                    action != "discard" and nxt != "side"):
                break  # one card played (a redirected one: with its side card)
            source = nxt
        self.challenge_within = before or fought

    def renew_counters(self, hero) -> None:
        """The sun icon renews only the colours the adventure places counters of."""
        s = self.state
        hidden = {c: s.box_counters.get(c, 0) for c in list(s.box_counters)
                  if c not in self.adventure_rules.counter_colours()}
        for colour in hidden:
            s.box_counters[colour] = 0
        try:
            super().renew_counters(hero)
        finally:
            for colour, n in hidden.items():
                s.box_counters[colour] += n

    def to_deck_bottom(self, card: str) -> None:
        if card in getattr(self, "side_cards", ()):
            self.state.adventure_decks.setdefault(SIDE + self.colour_of(card), []).append(card)
            return
        super().to_deck_bottom(card)

    # ------------------------------------------------------------------ defeats and endgame
    def fight_card(self, hero, card: str, mode: str):
        self._fighting_card = True  # a defeat is judged by on_defeat, with its card
        try:
            result = super().fight_card(hero, card, mode)
        finally:
            self._fighting_card = False
        if result.outcome == "defeated":
            self.adventure_defeats.append([hero.id, card])
            self.check_win(hero)
        if result.outcome == "defeated" and self.state.phase == "game":
            if self.adventure_rules.on_defeat(self, hero, card) == "endgame":
                self._endgame_pending(hero, card)
        return result

    def _endgame_pending(self, hero, card: str | None) -> None:
        self.state.endgame["pending"] = self.spec.endgame.get("type")
        if self.elder_king:
            self.state.endgame["king"] = self.elder_king
        self.emit("endgame_pending", hero=hero.id, card=card,
                  endgame=self.spec.endgame.get("type"))

    def take_turn(self, hero_id: str) -> None:
        super().take_turn(hero_id)
        if self.state.phase == "game" and self.state.endgame.get("pending"):
            self.state.endgame.pop("pending")
            self.state.phase = "endgame"

    def check_win(self, hero) -> bool:
        # the adventure reads its own record of the whole game (adventure_defeats); the base
        # game's defeats since the last check are taken here too, or they piled up in the
        # saved state for the whole game (branch mends)
        self.defeated_challenges.clear()
        if self.state.phase == "over":
            return True
        if (self.state.phase == "game" and not self.state.endgame.get("pending")
                and not getattr(self, "_fighting_card", False)):
            for h in self.state.heroes:  # spoils and trades change what a Hero holds
                if self.adventure_rules.on_holdings(self, h) == "endgame":
                    self._endgame_pending(h, None)
                    break
        found = self.adventure_rules.win(self)
        if found is None:
            return False
        self.declare(found[0], f"{found[1]} ({self.spec.name})")
        return True

    def run_endgame(self) -> None:
        kind = self.spec.endgame.get("type")
        if kind == "elder-king":
            self.run_showdown()
        elif kind == "giant-lord-invasion":
            self.start_invasion()
        else:
            super().run_endgame()

    def challenge_undefeated(self, card: str, hero_id: str, mode: str) -> None:
        eg = self.state.endgame
        if eg.get("showdown"):
            return  # a vassal that knocked out a challenger stays before the King
        if card in eg.get("occupied", {}).values():
            self.state.adventure_decks.setdefault("red", []).append(card)  # back in its town
            return
        super().challenge_undefeated(card, hero_id, mode)
