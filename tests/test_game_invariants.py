"""The invariant checker finds each kind of broken state, debug mode stops at the first, and
the combat rulesets are the YAML rulesets."""

from __future__ import annotations

import dataclasses

import pytest

from runeforge.engine.runebound.core.rulesdata import load_ruleset
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE, Ruleset
from runeforge.engine.runebound.game.invariants import InvariantError, check_invariants
from tests.test_game_scenarios import make


def broken(change) -> list[str]:
    game, heroes = make("base", players=3)
    assert check_invariants(game) == []
    change(game, heroes)
    return check_invariants(game)


def test_gold_from_nowhere():
    def change(game, heroes):
        heroes[0].gold += 5
    assert any("gold not conserved" in p for p in broken(change))


def test_negative_counts():
    def change(game, heroes):
        game.state.bank_gold = -1
    assert any("bank gold is negative" in p for p in broken(change))


def test_a_card_in_two_places_and_a_lost_card():
    def change(game, heroes):
        game.state.market_deck.append(game.state.adventure_decks["green"][0])
        game.state.adventure_decks["yellow"].pop()
    problems = broken(change)
    assert any("more places than they exist" in p for p in problems)
    assert any("in no place" in p for p in problems)


def test_counters_and_experience_tokens_conserved():
    def change(game, heroes):
        heroes[1].adventure_counters.append("blue")
        # an adventure whose tokens are a pool (the bundled one has no limit, seed 000)
        game.adventure = dataclasses.replace(game.adventure, experience_tokens=60)
        game.state.experience_box = 59
    problems = broken(change)
    assert any("blue counters not conserved" in p for p in problems)
    assert any("experience tokens not conserved" in p for p in problems)


def test_wounds_at_life_between_steps():
    def change(game, heroes):
        heroes[2].wounds = heroes[2].life
    assert any("wounds with Life" in p for p in broken(change))


def test_debug_mode_raises_at_the_step():
    game, heroes = make("base", players=2)
    game.debug = True
    heroes[0].gold += 1
    with pytest.raises(InvariantError, match="after refresh"):
        game.checkpoint("refresh")


def test_combat_rulesets_come_from_the_yaml():
    assert BASE == Ruleset.from_data(load_ruleset("base"))
    assert ADVANCED == Ruleset.from_data(load_ruleset("advanced"))
    assert (BASE.defeat_margin, ADVANCED.defeat_margin) == (0, 1)
