"""Issue 32 (branch rbboard), continued: cards moved to and from a track ("Add the top card of
the green adventure deck to the doom track.", "Discard 1 card from the doom track.") and the
market ("Discard every Ally from each market stack.", "Draw 2 market cards and add them to the
market stack of the nearest town."), through the whole pipeline and in whole games."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_board import (
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
)
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from tests.test_lang_rbboard import CONTENT, _codes, _game, _play, _records, assert_form


@pytest.fixture(scope="module")
def board_bundle():
    from tests.engine_bundle import bundle

    return bundle(str(CONTENT))


# ------------------------------------------------------------ cards moved to and from a track

MOVE_FORMS = [
    ("Add the top card of the green adventure deck to the doom track.",
     AddToTrack("green", "doom"), {"op": "add_to_track", "colour": "green", "track": "doom"}),
    ("Discard 2 cards from the doom track.", DiscardFromTrack(2, "doom"),
     {"op": "discard_from_track", "count": 2, "track": "doom"}),
]


@pytest.mark.parametrize("text, node, effect", MOVE_FORMS)
def test_a_card_moved_on_a_track_parses_prints_lowers_and_renders(text, node, effect):
    assert_form(text, node, effect)


@pytest.mark.parametrize("variant, canonical", [
    ("Discard one card from the doom track.", "Discard 1 card from the doom track."),
    ("Discard a card from the doom track.", "Discard 1 card from the doom track."),
    # the undefeated track: the same node as "... challenges ..." (DiscardUndefeated)
    ("Discard 2 cards from the undefeated adventure track.",
     "Discard 2 challenges from the undefeated track."),
])
def test_track_moves_print_canonically(variant, canonical):
    assert parse_ability(variant) == parse_ability(canonical)
    assert print_ability(parse_ability(variant)) == canonical


@pytest.mark.parametrize("text, code, where", [
    ("Add the top card of the red adventure deck to the undefeated track.", "RF491",
     "Add the top card of the red adventure deck to the undefeated track"),
    ("Discard 0 cards from the doom track.", "RF422", "Discard 0 cards from the doom track"),
])
def test_what_a_track_cannot_take_is_refused_at_its_words(text, code, where):
    assert _codes(text) == [(code, where)]
    assert _codes(f"Melee: Activate to {text[0].lower()}{text[1:]}", "item")[0][0] == "RF421"


def test_a_game_adds_the_top_card_of_a_deck_to_the_doom_track(board_bundle):
    game, hero = _game(board_bundle)
    assert game.state.doom
    top = game.state.adventure_decks["green"][0]
    game.state.doom_track[:] = []
    tokens = game.state.doom_tokens
    _play(game, hero, "omen-in-the-ashes")
    assert game.state.doom_track == [top] and top not in game.state.adventure_decks["green"]
    assert _records(game, "track_added")[-1]["card"] == top
    full = game.rules.doom_track.cards_per_token(game.state.players)
    while len(game.state.doom_track) < full - 1:
        _play(game, hero, "omen-in-the-ashes")
    assert game.state.doom_tokens == tokens
    _play(game, hero, "omen-in-the-ashes")  # the track is full: a doom token
    assert game.state.doom_tokens == tokens + 1 and len(game.state.doom_track) == 1


def test_a_game_discards_the_players_choice_from_the_doom_track(board_bundle):
    game, hero = _game(board_bundle)
    cards = list(game.state.adventure_decks["yellow"][:3])
    game.state.adventure_decks["yellow"][:3] = []
    game.state.doom_track[:] = cards
    game.players[hero.id].answers["doom_card"] = [cards[1]]
    _play(game, hero, "wardens-respite")
    assert game.state.doom_track == [cards[0], cards[2]]
    (asked,) = [d for d in game.players[hero.id].asked if d.kind == "doom_card"]
    assert asked.options == cards
    where = game.state.discard_pile if game.rules.doom_track.when_full == "discard" \
        else game.state.adventure_decks["yellow"]
    assert where[-1] == cards[1]


def test_without_the_doom_track_the_moves_do_nothing_and_say_why(board_bundle):
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game

    game = new_game(board_bundle, catalog=Catalog(board_bundle), ruleset="base", players=2,
                    doom=False, make_bot=make_bot)
    hero = game.hero(game.state.seats[0])
    deck = list(game.state.adventure_decks["green"])
    _play(game, hero, "omen-in-the-ashes")
    _play(game, hero, "wardens-respite")
    assert game.state.adventure_decks["green"] == deck and game.state.doom_track == []
    assert [r["reason"] for r in _records(game, "grant_unused")][-2:] == \
        ["this game has no doom track"] * 2


# ----------------------------------------------------------------------------- the market

MARKET_FORMS = [
    ("Discard every Ally from each market stack.", DiscardFromMarket("ally"),
     {"op": "discard_market", "kind": "ally"}),
    ("Discard every Item from each market stack.", DiscardFromMarket("item"),
     {"op": "discard_market", "kind": "item"}),
    ("Draw 2 market cards and add them to the market stack of the nearest town.",
     DrawMarketTo(n.Amount("fixed", (2,))), {"op": "market_to_nearest", "count": 2}),
    ("Draw 1 market card and add it to the market stack of the nearest town.",
     DrawMarketTo(n.Amount("fixed", (1,))), {"op": "market_to_nearest", "count": 1}),
]


@pytest.mark.parametrize("text, node, effect", MARKET_FORMS)
def test_a_market_form_parses_prints_lowers_and_renders(text, node, effect):
    assert_form(text, node, effect)


@pytest.mark.parametrize("variant, canonical", [
    ("Discard all Allies from every market stack.", "Discard every Ally from each market stack."),
    ("Discard all cards from all market stacks.",
     "Discard every market card from each market stack."),
    ("Draw 3 market cards and add them to the market stack of the town nearest to your Hero.",
     "Draw 3 market cards and add them to the market stack of the nearest town."),
])
def test_market_variants_print_canonically(variant, canonical):
    assert parse_ability(variant) == parse_ability(canonical)
    assert print_ability(parse_ability(variant)) == canonical


@pytest.mark.parametrize("text", [
    "Draw 2 market cards and gain 1 gold.",
    "Draw 3 market cards and keep one.",
    "Draw 1 market card and place it in the market of the town you are in.",
])
def test_the_other_joins_after_a_market_draw_are_unchanged(text):
    assert not any(isinstance(s, DrawMarketTo) for s in parse_ability(text).sentences)


@pytest.mark.parametrize("text, where", [
    ("Add them to the market stack of the nearest town.", "Add them"),
    ("Gain 1 gold and add them to the market stack of the nearest town.", "add them"),
])
def test_add_them_after_no_market_draw_is_a_located_error(text, where):
    with pytest.raises(AbilitySyntaxError) as caught:
        parse_ability(text)
    assert text[caught.value.start:].startswith(where) and "Draw 2 market cards" in \
        caught.value.hint


def test_the_market_in_a_combat_ability_is_rf421():
    assert _codes("Melee: Activate to discard every Ally from each market stack.", "item") == \
        [("RF421", "discard every Ally from each market stack")]


def test_a_game_discards_every_ally_from_each_market_stack(board_bundle):
    game, hero = _game(board_bundle)
    s = game.state
    allies = [c for c in s.market_deck if game.card(c).kind == "ally"][:2]
    items = [c for c in s.market_deck if game.card(c).kind == "item"][:1]
    for card in allies + items:
        s.market_deck.remove(card)
    towns = sorted(s.market_stacks)
    s.market_stacks[towns[0]].append(allies[0])
    s.market_stacks[towns[1]].extend([allies[1], items[0]])
    _play(game, hero, "press-gang-patrol")
    assert not any(game.card(c).kind == "ally" for st in s.market_stacks.values() for c in st)
    assert items[0] in s.market_stacks[towns[1]]
    gone = [r["card"] for r in _records(game, "market_discarded")]
    assert set(allies) <= set(gone) and all(game.card(c).kind == "ally" for c in gone)
    assert s.market_deck[-len(gone):] == gone  # under the market deck, town by town


def test_a_game_draws_market_cards_into_the_nearest_towns_stack(board_bundle):
    game, hero = _game(board_bundle)
    s = game.state
    s.positions[hero.id] = "H2"  # a river space next to Frostgate
    top = list(s.market_deck[:2])
    before = list(s.market_stacks.get("Frostgate", []))
    _play(game, hero, "caravan-from-the-coast")
    assert s.market_stacks["Frostgate"] == before + top
    assert s.positions[hero.id] == "H2"  # the Hero stays where it is
