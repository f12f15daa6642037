"""Whole games of Crown of the Elder Kings and Sceptre of Kyros, played by bots to their end
with the game invariants checked after every step (debug mode), and the acceptance commands.
The larger soak (seeds 1-100, 2-6 players) is benchmarks/soak_adventures.py."""

from __future__ import annotations

import pytest

from runeforge.engine.runebound.adventures import kyros
from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
from runeforge.engine.runebound.bots.game_bot import make_bot
from tests.engine_bundle import bundle

CROWN, KYROS = "crown-of-the-elder-kings", "sceptre-of-kyros"


def _play(adventure, players, seed):
    game = new_adventure_game(bundle(), adventure=adventure, players=players, seed=seed,
                              debug=True, make_bot=make_bot)
    game.run()
    assert game.state.phase == "over"
    return game


# Seed 3 for every player count here; benchmarks/soak_adventures.py plays seeds 1-100 x 2-6
# players of each adventure (all 500 end with a winner by the rules since the bots judge an
# occupied town by its real Lord and spread their experience; tests/test_adventure_bots.py
# keeps the seeds that used to reach the turn cap).
SEED = 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_crown_ends_with_the_last_elder_king(players):
    game = _play(CROWN, players, seed=SEED)
    s = game.state
    assert s.winner in s.seats
    showdown = game.log.of_type("showdown")
    assert len(showdown) == 1, "the showdown decides the game"
    duels = game.log.of_type("showdown_duel")
    kings = [showdown[0]["king"]] + [d["challenger"] for d in duels
                                     if d["winner"] == d["challenger"]]
    assert s.winner == kings[-1]
    # everyone else was eliminated in the showdown, in challenge order
    assert sorted(game.out()) == sorted(h for h in s.seats if h != s.winner)
    order = showdown[0]["order"]
    levels = [game.level(h) for h in order]
    assert levels == sorted(levels, reverse=True)
    # defeated vassals left the game: none is held by two places (invariants) or by the winner
    assert not any(game.state.hero(h).trophies.count(c) > 1 for h in s.seats
                   for c in game.state.hero(h).trophies)


# Seed 001: the invasion starts when the 8th Giant Lord is defeated. About a quarter of Kyros
# games run dry before that (the red deck is spent with fewer than eight Lords beaten: issue
# 16, tests/test_adventure_bots.py), and which seeds do moves with the content (4 players,
# seed 3 did after the red tuning of issue 35). The rule is what is tested, not one seed's
# outcome: from SEED on, every game that never saw the invasion must be one that ran dry
# (fewer than eight Lords defeated, no winner), and the first that did is checked; if none of
# KYROS_SEEDS seeds reaches the invasion the test fails.
AFTER_DEFEATED, KYROS_SEEDS = 8, 8


def _kyros_invaded(players):
    for seed in range(SEED, SEED + KYROS_SEEDS):
        game = _play(KYROS, players, seed=seed)
        if game.log.of_type("invasion"):
            return game
        lords = set(game.spec.cards_with("giant_lord"))
        beaten = [e for e in game.log.of_type("challenge_defeated") if e["challenge"] in lords]
        assert len(beaten) < AFTER_DEFEATED, (seed, "the 8th Giant Lord fell, no invasion")
        assert game.state.winner is None, (seed, game.state.how)
    pytest.fail(f"no Kyros game of {players} players reached the invasion in seeds "
                f"{SEED}-{SEED + KYROS_SEEDS - 1}")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kyros_ends_when_the_last_town_is_liberated(players):
    game = _kyros_invaded(players)
    s = game.state
    invasion = game.log.of_type("invasion")
    assert len(invasion) == 1
    assert s.winner in s.seats and "last occupied town was liberated" in s.how, s.how
    occupied = invasion[0]["occupied"]
    assert list(occupied) == kyros.invasion_towns(game.board.market_column, players)
    assert s.endgame["occupied"] == {}
    assert s.adventure_decks.get("red", []) == []
    lords = set(game.spec.cards_with("giant_lord"))
    defeated = sum(1 for h in s.heroes for c in h.trophies if c in lords)
    assert defeated >= 8 + len(occupied)  # the eight before, and every occupier
    fame = s.endgame["fame"]
    assert s.winner == max(fame, key=lambda h: (fame[h], game.level(h), s.hero(h).gold,
                                                len(s.hero(h).adventure_counters)))
    for hero in s.heroes:  # 1 fame per Lord + 1 per token on it
        own = [c for c in hero.trophies if c in lords]
        assert fame[hero.id] == len(own) + sum(s.endgame["fame_tokens"].get(c, 0) for c in own)


def test_no_red_counters_and_no_base_blue_in_kyros():
    game = new_adventure_game(bundle(), adventure=KYROS, players=3, seed=2, make_bot=make_bot)
    s = game.state
    assert "red" not in s.board_counters.values()
    assert all(game.card(c).data.get("pack") == KYROS for c in s.adventure_decks["blue"])
    assert s.adventure_decks["red"] == [] and not s.doom


@pytest.mark.parametrize("adventure", [CROWN, KYROS])
def test_acceptance_command(cli, adventure):
    out = cli("play", "--adventure", adventure, "--players", "4", "--seed", "1", "--debug")
    assert out.exit_code == 0, out.output
    assert f"adventure: {adventure}" in out.output
    assert "Winner: nobody" not in out.output


def test_rise_of_the_dragon_lords_by_its_adventure_data():
    game = new_adventure_game(bundle(), adventure="rise-of-the-dragon-lords", players=4,
                              seed=SEED, debug=True, make_bot=make_bot)
    dealt = [c for deck in game.state.adventure_decks.values() for c in deck]
    dealt += game.state.market_deck + [c for st in game.state.market_stacks.values() for c in st]
    assert {game.card(c).data["pack"] for c in dealt} == {"core"}
    assert game.state.doom  # the red endgame of the doom track is this adventure's
    game.run()
    assert game.state.phase == "over" and game.state.winner in game.state.seats


@pytest.mark.parametrize("adventure", [CROWN, KYROS])
def test_adventure_game_log_replays_to_the_same_end(cli, tmp_path, adventure):
    log = tmp_path / "game.jsonl"
    out = cli("play", "--adventure", adventure, "--players", "3", "--seed", str(SEED),
              "--log", log)
    assert out.exit_code == 0, out.output
    again = cli("replay", log)
    assert again.exit_code == 0, again.output
    assert "same end state" in again.output
