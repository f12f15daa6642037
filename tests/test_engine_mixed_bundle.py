"""A bundle that holds the cards of two games works for every Runebound command: the engine
takes the cards and documents of its own game and ignores the rest (a record's ``game``;
missing means ``runebound-2e``)."""

from __future__ import annotations

import copy

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.runebound.adventures.adventure_rules import adventures, get_adventure
from runeforge.engine.runebound.analysis.simulate import start_game
from runeforge.engine.runebound.bots.combat_bot import HeuristicBot
from runeforge.engine.runebound.combat.combat import Combat
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.core.ruleset import BASE
from runeforge.engine.runebound.core.state import State
from tests.engine_bundle import bundle

TINY = "tinygame"

# Cards of another game: other kinds, other fields, abilities that are not IR v1, an id that
# Runebound uses too, and records that look like Runebound cards of its packs and colours.
TINY_CARDS_FIRST = [
    {"game": TINY, "id": "goblin-die", "kind": "die", "faces": [1, 1, 2, 3, "skull"],
     "abilities": [{"op": "reroll", "dice": "all"}, "Roll again on a skull."]},
    {"game": TINY, "id": "varikas-the-dead", "kind": "hero", "hp": 99,
     "abilities": ["Keep the best of two rolls."]},
    {"game": TINY, "id": "tiny-hero", "kind": "hero", "pack": "core", "count": 12},
]
TINY_CARDS_LAST = [
    {"game": TINY, "id": "tiny-ogre", "kind": "challenge", "pack": "core", "colour": "green",
     "count": 5, "abilities": [{"op": "smash"}]},
    {"game": TINY, "id": "tiny-lord", "kind": "challenge", "pack": "sceptre-of-kyros",
     "colour": "blue", "count": 3},
    {"game": TINY, "id": "tiny-relic", "kind": "item", "pack": "legendary-relics", "cost": 1},
    {"game": TINY, "id": "tiny-trap", "kind": "encounter", "pack": "dark-forest",
     "colour": "yellow", "count": 4},
]
# Documents of another game, put first: a lookup that takes the first document of a kind (or
# the first with an id) would pick them.
TINY_DOCUMENTS = {
    "board": [{"game": TINY, "id": "dungeon", "rooms": 12}],
    "dice": [{"game": TINY, "id": "movement-dice", "faces": "d6"}],
    "ruleset": [{"game": TINY, "id": "base", "turns": 3}],
    "adventure": [{"game": TINY, "id": "rise-of-the-dragon-lords", "quest": "the cave"},
                  {"game": TINY, "id": "tiny-quest", "decks": [{"pack": "core"}]}],
    "deck": [{"game": TINY, "id": "tiny-deck"}],
}


def _mixed(pure: dict) -> dict:
    out = copy.deepcopy(pure)
    out["cards"] = [*TINY_CARDS_FIRST, *out["cards"], *TINY_CARDS_LAST]
    out["cards"][len(TINY_CARDS_FIRST)]["game"] = "runebound-2e"  # explicit: still its own
    docs = out.setdefault("documents", {})
    for kind, records in TINY_DOCUMENTS.items():
        docs[kind] = [*copy.deepcopy(records), *docs.get(kind, [])]
    return out


@pytest.fixture(scope="module")
def pure() -> dict:
    return bundle()


@pytest.fixture(scope="module")
def mixed(pure) -> dict:
    return _mixed(pure)


def test_the_game_id_is_one_constant():
    from runeforge.engine.runebound import GAME

    assert GAME == "runebound-2e"


def test_the_catalog_takes_only_its_own_cards(pure, mixed):
    cat = Catalog(mixed)  # the other game's abilities are not validated against IR v1
    assert set(cat.cards) == set(Catalog(pure).cards)
    assert not {"goblin-die", "tiny-hero", "tiny-ogre", "tiny-relic"} & set(cat.cards)
    own = next(c for c in pure["cards"] if c["id"] == "varikas-the-dead")
    assert cat.card("varikas-the-dead").data["life"] == own["life"]
    assert len(cat.card("varikas-the-dead").abilities) == len(own["abilities"])


def test_adventure_documents_of_another_game_are_ignored(pure, mixed):
    assert set(adventures(mixed)) == set(adventures(pure))
    assert get_adventure(mixed, "rise-of-the-dragon-lords") == \
        get_adventure(pure, "rise-of-the-dragon-lords")


def _combat_log(b: dict, seed: int) -> str:
    cat = Catalog(b)
    hero = cat.new_hero("varikas-the-dead")
    combat = Combat(cat, State(heroes=[hero]), Dice(seed), {hero.id: HeuristicBot()}, BASE)
    combat.fight_challenge(hero, cat.new_challenge("blood-of-the-bloodmother"))
    return combat.log.to_jsonl()


def test_a_combat_is_the_same_as_with_runebound_cards_alone(pure, mixed):
    assert _combat_log(mixed, 3) == _combat_log(pure, 3)


@pytest.mark.parametrize("options", [
    {"adventure": "rise-of-the-dragon-lords", "players": 3, "seed": 1},
    {"adventure": "sceptre-of-kyros", "players": 2, "seed": 5,
     "expansions": ["legendary-relics", "dark-forest"], "expansion_mode": "shuffle"},
])
def test_a_whole_game_is_the_same_as_with_runebound_cards_alone(pure, mixed, options):
    games = []
    for b in (pure, mixed):
        game = start_game(b, dict(options))
        game.run()
        games.append(game)
    assert games[1].state.winner == games[0].state.winner
    assert games[1].log.to_jsonl() == games[0].log.to_jsonl()
