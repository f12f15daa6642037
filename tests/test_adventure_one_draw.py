""""Draw another adventure card and resolve it" in an adventure with side decks (issue 32,
branch mends). Seed 001: in Crown of the Elder Kings and Sceptre of Kyros, every time a player
draws an encounter or event from a RUNEBOUND adventure deck, it is resolved (Crown) or
discarded unresolved (Kyros), and a card of the adventure's deck of that colour is drawn and
resolved; with that deck empty, the player draws from the same RUNEBOUND deck again. The
one-card draw of a card's text drew from the base deck alone and resolved what came."""

from __future__ import annotations

import pytest

from runeforge.engine.runebound.adventures.adventure_game import SIDE, new_adventure_game
from runeforge.engine.runebound.bots.game_bot import make_bot
from tests.engine_bundle import bundle

CROWN, KYROS = "crown-of-the-elder-kings", "sceptre-of-kyros"


def _game(adventure, monkeypatch):
    game = new_adventure_game(bundle(), adventure=adventure, players=2, seed=1,
                              make_bot=make_bot)
    resolved = []
    monkeypatch.setattr(type(game), "resolve_card",
                        lambda self, h, card, hazard=False: resolved.append(card) or
                        self.card(card).kind)
    return game, game.hero(game.state.seats[0]), resolved


def _on_top(game, key, kinds):
    """The first card of ``kinds`` in the deck ``key``, put on top of it."""
    deck = game.state.adventure_decks[key]
    card = next(c for c in deck if game.card(c).kind in kinds)
    deck.remove(card)
    deck.insert(0, card)
    return card


def _draw_one(game, hero, colour="yellow"):
    game.combat.grants.append({"hero": hero.id, "source": "test", "op": "draw_adventure",
                               "colour": colour})
    game.apply_grants(hero)


def _discarded(game):
    return [r["card"] for r in game.log.records
            if r.get("type") == "adventure_card" and r.get("discarded")]


def test_kyros_discards_the_base_event_and_resolves_a_side_card_instead(monkeypatch):
    game, hero, resolved = _game(KYROS, monkeypatch)
    base = _on_top(game, "yellow", ("event", "encounter"))
    side = game.state.adventure_decks[SIDE + "yellow"][0]
    _draw_one(game, hero)
    assert resolved == [side]  # was [base]: resolved, and the side deck never drawn
    assert _discarded(game) == [base]


def test_kyros_with_its_deck_empty_draws_the_base_deck_again(monkeypatch):
    game, hero, resolved = _game(KYROS, monkeypatch)
    game.state.adventure_decks[SIDE + "yellow"] = []
    challenge = _on_top(game, "yellow", ("challenge",))
    base = _on_top(game, "yellow", ("event", "encounter"))
    _draw_one(game, hero)
    assert resolved == [challenge] and _discarded(game) == [base]
    assert game.challenge_within  # a challenge fought: the adventure that drew it is over


def test_crown_resolves_the_base_event_then_a_side_card(monkeypatch):
    game, hero, resolved = _game(CROWN, monkeypatch)
    base = _on_top(game, "yellow", ("event", "encounter"))
    side = game.state.adventure_decks[SIDE + "yellow"][0]
    _draw_one(game, hero)
    assert resolved == [base, side]  # was [base]
    assert _discarded(game) == []


@pytest.mark.parametrize("adventure", [CROWN, KYROS])
def test_a_challenge_drawn_is_the_one_card(adventure, monkeypatch):
    game, hero, resolved = _game(adventure, monkeypatch)
    challenge = _on_top(game, "yellow", ("challenge",))
    side = list(game.state.adventure_decks[SIDE + "yellow"])
    _draw_one(game, hero)
    assert resolved == [challenge] and game.state.adventure_decks[SIDE + "yellow"] == side
