"""Game set-up (seed 000 "Pelin alkutoimet"; seed 002 "Setup") from a compiled bundle.

1. an adventure counter from the box on every gem space of the board (its colour);
2. the undefeated track empty (6 places, board data);
3. Allies and items shuffled into one market deck; one card face up in every town's stack
   except the start town (Tamalir);
4. the adventure decks by colour, shuffled; with the doom track in play, the top green card
   goes face down beside the first heraldry (ruleset data);
5. the bank holds the adventure's coins; every Hero gets the starting gold from it;
6. Heroes dealt at random; a random first player; everyone starts in the start town.

``new_game`` takes plain options and returns a ready
:class:`~runeforge.engine.runebound.game.game.Game`. With ``packs="adventure"`` only the
adventure's packs are dealt (the cards of other packs stay in the box); ``packs=None`` deals
every card of the content (used by the adventure layer, :mod:`..adventures.adventure_game`,
which builds its own decks from them).

The players come from the caller: ``make_bot(name, seed)`` turns each name of ``bots`` into a
:class:`~runeforge.engine.common.decisions.Player` (the bots,
:func:`runeforge.engine.runebound.bots.game_bot.make_bot`, play the game, so they sit above
it; the game knows them only through that interface).

The same seed and options give the same game and the same log.
"""

from __future__ import annotations

import random
from typing import Callable

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.errors import EngineError

from ..core.bundle import own_documents
from ..core.catalog import Catalog
from ..core.rulesdata import RulesData, bundled_document, load_ruleset
from .board import Board
from .game import Game
from .gamestate import GameState
from .movement import MovementDice
from .scenario import COLOURS, load_adventure

GAME_KINDS = ("hero", "ally", "item", "challenge", "event", "encounter")


def _document(bundle: dict, kind: str, doc_id: str | None, fallback: str) -> dict:
    for doc in own_documents(bundle, kind):
        if doc_id is None or doc.get("id") == doc_id:
            return doc
    return bundled_document(fallback)


def doom_default(rules: RulesData, doom: bool | None) -> bool:
    """The doom track is on unless switched off, and only a ``variant`` can be switched."""
    mode = rules.doom_track.mode
    if mode == "always":
        return True
    if mode == "off":
        return False
    return True if doom is None else bool(doom)


def new_game(bundle: dict, *, ruleset: str = "base", adventure: str = "rise-of-the-dragon-lords",
             players: int = 4, seed: int = 0, bots="heuristic",
             make_bot: Callable[[str, str], Player], doom: bool | None = None,
             debug: bool = False, catalog: Catalog | None = None, packs=None,
             log=None, house_rules=()) -> Game:
    if not 1 <= players <= 6:
        raise EngineError(f"a game has 1 to 6 players, not {players}")
    catalog = catalog or Catalog(bundle)
    rules = RulesData.from_dict(_document(bundle, "ruleset", ruleset, ruleset)) \
        if any(d.get("id") == ruleset for d in own_documents(bundle, "ruleset")) \
        else load_ruleset(ruleset)
    if house_rules:  # rules in no seed, turned on for this game (e.g. `play --house-rule`)
        rules = rules.with_house_rules(house_rules)
    board = _board(_document(bundle, "board", None, "board"))
    dice = MovementDice.from_dict(_document(bundle, "dice", None, "movement-dice"))
    adv = load_adventure(adventure)
    rng = random.Random(f"runeforge-setup-{seed}")

    copies: dict[str, int] = {}
    for card in catalog.cards.values():
        if card.kind in GAME_KINDS:
            copies[card.id] = int(card.data.get("count", 1) or 1)
    if packs == "adventure":
        packs = adv.packs
    boxed = sorted(c for c in copies if packs is not None
                   and catalog.card(c).data.get("pack") not in (None, *packs))
    dealt = {c: n for c, n in copies.items() if c not in boxed}
    heroes = [c for c in sorted(dealt) if catalog.card(c).kind == "hero"]
    if len(heroes) < players:
        raise EngineError(f"{players} players need {players} Heroes; the content has "
                          f"{len(heroes)}")
    bot_names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(bot_names) != players:
        raise EngineError(f"{players} players but {len(bot_names)} bots given")

    state = GameState(ruleset=rules.id, adventure=adv.id, players=players, seed=seed,
                      doom=doom_default(rules, doom), bank_gold=adv.bank_gold,
                      experience_box=adv.experience_tokens)
    # 1. counters on the gems
    state.box_counters = {c: adv.counter_total(c) for c in COLOURS}
    for space in sorted(board.gems(), key=lambda sp: sp.id):
        if state.box_counters.get(space.gem, 0) > 0:
            state.box_counters[space.gem] -= 1
            state.board_counters[space.id] = space.gem
    # 3. the market
    market = [c for c in sorted(dealt) if catalog.card(c).kind in ("ally", "item")
              for _ in range(copies[c])]
    rng.shuffle(market)
    state.market_deck = market
    for town in board.market_column:
        state.market_stacks[town] = []
    for town in sorted(board.towns):
        state.market_stacks.setdefault(town, [])
        if town != board.start_town and state.market_deck:
            state.market_stacks[town].append(state.market_deck.pop(0))
    # 4. adventure decks
    for colour in COLOURS:
        deck = [c for c in sorted(dealt)
                if catalog.card(c).kind in ("challenge", "event", "encounter")
                and catalog.card(c).data.get("colour") == colour for _ in range(copies[c])]
        rng.shuffle(deck)
        state.adventure_decks[colour] = deck
    # 6. Heroes and seats
    rng.shuffle(heroes)
    chosen = heroes[:players]
    state.removed = sorted([*heroes[players:], *(c for c in boxed for _ in range(copies[c]))])
    first = rng.randrange(players)
    state.seats = chosen[first:] + chosen[:first]
    players_by_hero = {}
    for i, hero_id in enumerate(state.seats):
        hero = catalog.new_hero(hero_id)
        state.heroes.append(hero)
        state.positions[hero_id] = board.start_space
        state.experience[hero_id] = []
        players_by_hero[hero_id] = make_bot(bot_names[i], f"{seed}-{i}")
    game = Game(catalog, rules, board, dice, adv, state, players_by_hero, seed=seed,
                debug=debug, expected_cards=copies, log=log)
    # 5. starting gold from the bank
    for hero in state.heroes:
        game.combat.set_tokens(hero, "gold", adv.starting_gold, "setup")
    if state.doom:
        game.setup_doom_track()
    game.options = {"ruleset": rules.id, "adventure": adv.id, "players": players,
                    "seed": seed, "bots": bot_names, "doom": state.doom,
                    "house_rules": list(rules.house_rules_on)}
    return game


def play(bundle: dict, **options):
    """Set up and play a whole game of the adventure's own packs; returns the finished Game."""
    options.setdefault("packs", "adventure")
    game = new_game(bundle, **options)
    game.run()
    return game


_BOARDS: dict[int, tuple] = {}  # id(board document) -> (document, Board); a few, newest last


def _board(doc) -> Board:
    """The Board of ``doc``, shared by the games of a process that play the same document: a
    board never changes during a game, and what it learns (distances, the movement tables
    and neighbour sets) then serves every game instead of being worked out again. The cache
    keeps the document, so its id cannot be reused while the entry lives."""
    found = _BOARDS.get(id(doc))
    if found is not None and found[0] is doc:
        return found[1]
    board = Board.from_dict(doc)
    _BOARDS[id(doc)] = (doc, board)
    while len(_BOARDS) > 4:
        del _BOARDS[next(iter(_BOARDS))]
    return board

