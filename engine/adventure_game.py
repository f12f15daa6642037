"""Adventures in the whole game: the game loop of :mod:`.game` with an adventure document.

:func:`new_adventure_game` sets up the ordinary game (:func:`.setup.new_game`: board, box,
Heroes, seats) and then lays out the adventure from its document and rule module:

* the adventure decks (:meth:`AdventureRules.decks`): base decks as ``adventure_decks[colour]``,
  the decks placed beside them as ``adventure_decks["side:<colour>"]``; set-aside cards and
  cards of packs not in play go to the box (``removed``);
* the market deck of the base packs plus the chosen market expansions (shuffled in or first);
* adventure counters only on gems of the adventure's colours (the rest stay in the box);
* the doom track only for an adventure whose endgame is the red one.

:class:`AdventureHooks` (mixed in before :class:`.game.Game`) redirects draws
(:func:`.adventure_rules.next_draw`), asks the rule module after every defeated challenge
whether the endgame starts (after that player's experience step), and runs the adventure's
endgame: the red endgame of the game, the Elder King showdown (:mod:`.crown`), or the Giant
Lord invasion (:mod:`.kyros`), whose occupying Lords wait in ``adventure_decks["red"]`` (the
red deck is set aside in that adventure) so that every card stays in one place.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from . import crown, kyros
from .adventure_rules import get_adventure, load_rules, next_draw
from .expansions import ADVENTURE_EXPANSIONS, MARKET_EXPANSIONS, market_deck
from .turn import TurnOver

SIDE = "side:"
RED_ENDGAME = "red-challenges"


def new_adventure_game(bundle: dict, *, adventure: str = "rise-of-the-dragon-lords",
                       expansions=(), expansion_mode: str = "shuffle", **options):
    """A ready game of ``adventure`` (an adventure document of the bundle)."""
    from .setup import new_game

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


class AdventureHooks:
    # ------------------------------------------------------------------ set-up
    def setup_adventure(self, bundle, spec, rules, expansions, mode) -> None:
        s = self.state
        self.spec, self.adventure_rules = spec, rules
        self.elder_king = None
        self.giant_lords_defeated = 0
        self.adventure_defeats: list[tuple[str, str]] = []  # (hero, card), whole game
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
        self.side_cards = {c for d in decks.side.values() for c in d}
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
            card = deck.pop(0)
            cdef = self.card(card)
            side_left = bool(self.state.adventure_decks.get(SIDE + colour))
            action, source = next_draw(self.spec, cdef.kind, source, side_left)
            if action == "discard":
                self.emit("adventure_card", hero=hero.id, card=card, kind=cdef.kind,
                          discarded=True)
                if cdef.kind == "event" and cdef.data.get("renew", True) and self.spec.renew:
                    self.renew_counters(hero)
                rule = (self.rules.adventure.event_discard if cdef.kind == "event"
                        else self.rules.adventure.encounter_after_play)
                self.discard_played(card, rule)
            elif self.resolve_card(hero, card) == "challenge":
                return
            if source is None:
                return

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
        result = super().fight_card(hero, card, mode)
        if result.outcome == "defeated":
            self.adventure_defeats.append((hero.id, card))
            self.check_win(hero)
        if result.outcome == "defeated" and self.state.phase == "game":
            if self.adventure_rules.on_defeat(self, hero, card) == "endgame":
                self.state.endgame["pending"] = self.spec.endgame.get("type")
                if self.elder_king:
                    self.state.endgame["king"] = self.elder_king
                self.emit("endgame_pending", hero=hero.id, card=card,
                          endgame=self.spec.endgame.get("type"))
        return result

    def take_turn(self, hero_id: str) -> None:
        super().take_turn(hero_id)
        if self.state.phase == "game" and self.state.endgame.get("pending"):
            self.state.endgame.pop("pending")
            self.state.phase = "endgame"

    def check_win(self, hero) -> bool:
        if self.state.phase == "over":
            return True
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

    # ------------------------------------------------------------------ Crown: the showdown
    def king_line(self, hero_id: str) -> list[str]:
        hero = self.hero(hero_id)
        line = crown.become_king(self.spec, hero, self.state.removed,
                                 card_of=lambda c: self.card(c).data)
        line.sort(key=lambda c: -int(self.card(c).data.get("life", 1)))  # strongest first
        line = line[: int(self.spec.endgame.get("vassals", 3))]
        self.battles.set_vassals(hero_id, line)
        return line

    def run_showdown(self) -> None:
        s = self.state
        king = s.endgame["king"]
        s.endgame["showdown"] = True
        self.battles = GameBattles(self)
        line = self.king_line(king)
        out = set(self.out())
        standings = [crown.Standing(h, self.level(h), self.hero(h).gold,
                                    len(self.hero(h).adventure_counters))
                     for h in s.seats if h != king and h not in out]
        order = crown.challenger_order(standings, roll=self.combat.dice.roll_2d10)
        self.emit("showdown", king=king, vassals=line, order=order)
        result = crown.showdown(king, line, order, self.battles, self.king_line,
                                max_vassals=int(self.spec.endgame.get("vassals", 3)))
        for hero_id in result.eliminated:
            self.eliminate(hero_id)
        s.endgame.pop("showdown", None)
        self.declare(result.winner, "last Elder King standing (Crown of the Elder Kings)")

    # ------------------------------------------------------------------ Kyros: the invasion
    def occupied(self) -> dict:
        return self.state.endgame.get("occupied", {})

    def occupied_town_of(self, hero):
        space = self.state.positions.get(hero.id)
        if space is None or not self.board.is_town(space):
            return None
        town = self.board.space(space).town
        return town if town in self.occupied() else None

    def start_invasion(self) -> None:
        s = self.state
        lords = set(self.spec.cards_with("giant_lord"))
        track = [u["card"] for u in s.undefeated_track]
        back = [c for c in track if c in lords]
        s.undefeated_track[:] = [u for u in s.undefeated_track if u["card"] not in lords]
        deck = s.adventure_decks.setdefault("blue", [])
        occupations = kyros.invade(deck, back, self.board.market_column, s.players, self.rng,
                                   extra=int(self.spec.endgame.get("extra_towns", 1)),
                                   is_lord=lambda c: c in lords)
        deck.extend(back)  # none left: invade shuffled them all in
        s.endgame["occupied"] = {o.town: o.lord for o in occupations}
        s.endgame.setdefault("fame_tokens", {})
        for o in occupations:
            s.adventure_decks.setdefault("red", []).append(o.lord)
            space = self.board.town_space(o.town)
            if s.box_counters.get("red", 0) > 0 and space not in s.board_counters:
                s.box_counters["red"] -= 1
                s.board_counters[space] = "red"
        self.emit("invasion", occupied=dict(s.endgame["occupied"]))
        s.phase = "game"
        if not s.endgame["occupied"]:
            self.finish_by_fame()
            return
        self.next_player()

    def fight_occupier(self, hero, town: str) -> None:
        s = self.state
        lord = self.occupied()[town]
        s.adventure_decks["red"].remove(lord)
        stack = s.market_stacks.get(town, [])
        tokens = kyros.choose_tokens(len(stack))  # the bot on the attacker's left
        fig = kyros.giant_lord(self.card(lord).data, tokens)
        cards = {c: self.card(c).data for c in stack}
        usable = kyros.usable_items(stack, cards)
        for stat in ("mind", "body", "spirit", "ranged_damage", "melee_damage",
                     "magic_damage", "life"):
            setattr(fig, stat, getattr(fig, stat) + kyros.static_bonus(usable, cards, stat))
        self.emit("giant_lord_in_town", hero=hero.id, town=town, lord=lord, tokens=tokens,
                  items=usable, stats=kyros.stat_line(fig))
        result = self.combat.fight(hero, fig, "normal")
        self.settle()
        self.emit("fight_result", hero=hero.id, card=lord, outcome=result.outcome)
        if result.outcome != "defeated":
            if lord not in s.adventure_decks.get("red", []):  # abandoned: back to its town
                s.adventure_decks.setdefault("red", []).append(lord)
            if result.outcome == "escaped":
                self.move_back(hero)
            else:
                self.move_to_nearest_town(hero)
            raise TurnOver()
        self.adventure_defeats.append((hero.id, lord))
        del s.endgame["occupied"][town]
        s.endgame["fame_tokens"][lord] = len(tokens)
        s.endgame["free_card"] = hero.id
        self.enforce_limits(hero)
        if not self.occupied():
            self.finish_by_fame()

    def market_step(self, hero) -> None:
        town = self.occupied_town_of(hero)
        if town is not None:
            self.emit("market_closed", hero=hero.id, town=town, why="occupied")
            return
        if self.state.endgame.pop("free_card", None) == hero.id:
            town = self.board.space(self.state.positions[hero.id]).town
            stack = self.state.market_stacks.get(town, [])
            options = [c for c in stack if self.room_for(hero, c)]
            if options:
                card = self.ask(hero.id, "free_market_card", options, town=town)
                stack.remove(card)
                if self.card(card).kind == "ally":
                    hero.allies.append(self.catalog.new_ally(card))
                else:
                    hero.items.append(card)
                self.emit("free_market_card", hero=hero.id, card=card, town=town)
                self.enforce_limits(hero)
        super().market_step(hero)

    def move_to_nearest_town(self, hero) -> None:
        occupied = self.occupied()
        if not occupied:
            return super().move_to_nearest_town(hero)
        dist = self.board.distances_from(self.state.positions[hero.id])
        free = [t for t in self.board.towns if t not in occupied]
        best = min(dist.get(self.board.town_space(t), 10**6) for t in free)
        towns = sorted(t for t in free if dist.get(self.board.town_space(t), 10**6) == best)
        town = towns[0] if len(towns) == 1 else self.ask(hero.id, "town", towns)
        self.state.positions[hero.id] = self.board.town_space(town)
        self.state.previous.pop(hero.id, None)
        self.emit("moved", hero=hero.id, to=self.board.town_space(town), why="knocked_out")

    def finish_by_fame(self) -> None:
        s = self.state
        lords = set(self.spec.cards_with("giant_lord"))
        tokens = s.endgame.get("fame_tokens", {})
        entries = [kyros.FameEntry(h.id, [(c, tokens.get(c, 0)) for c in h.trophies
                                          if c in lords],
                                   self.level(h.id), h.gold, len(h.adventure_counters))
                   for h in s.heroes if h.id not in self.out()]
        base = self.adventure_rules.base_fame()
        order = kyros.ranking(entries, base)
        fame = {e.hero: kyros.fame(e, base) for e in entries}
        s.endgame["fame"] = fame
        self.declare(order[0] if order else None,
                     f"most fame ({fame.get(order[0], 0) if order else 0}) when the last "
                     "occupied town was liberated (Sceptre of Kyros)")


class GameBattles:
    """The showdown's fights through the game's combat engine (bank, pending piles)."""

    def __init__(self, game):
        self.game = game
        self.owner: dict[str, str] = {}

    def set_vassals(self, king: str, vassals) -> None:
        for v in vassals:
            self.owner[v] = king

    def refresh(self, heroes, vassals) -> None:
        g = self.game
        for hero in g.state.heroes:
            if hero.id in g.out():
                continue
            for fig in (hero, *hero.allies):
                g.combat.set_tokens(fig, "wounds", 0, "showdown refresh")
                g.combat.set_tokens(fig, "exhaustion", 0, "showdown refresh")
            hero.activated.clear()
        g.emit("showdown_refresh", heroes=list(heroes), vassals=list(vassals))

    def fight_vassal(self, challenger: str, vassal: str) -> bool:
        g = self.game
        fig = g.catalog.new_challenge(vassal)
        fig.reward_gold, fig.reward_keep, fig.colour = 0, False, ""
        owner = g.hero(self.owner[vassal])
        if vassal in owner.trophies:
            owner.trophies.remove(vassal)  # in the fight; goes to the box if defeated
        result = g.combat.fight(g.hero(challenger), fig, "endgame")
        g.settle()
        g.emit("showdown_fight", challenger=challenger, vassal=vassal, outcome=result.outcome)
        if result.outcome == "defeated":
            return True
        owner.trophies.append(vassal)
        g.eliminate(challenger)
        return False

    def fight_king(self, challenger: str, king: str) -> bool:
        g = self.game
        g.combat.mode = "endgame"
        try:
            result = g.combat.fight_heroes(g.hero(challenger), g.hero(king))
        finally:
            g.combat.mode = "normal"
        g.settle()
        g.emit("showdown_duel", challenger=challenger, king=king, winner=result.winner)
        won = result.winner == challenger
        g.eliminate(king if won else challenger)
        return won
