"""Whole games as property tests: 200 seeded games (2-6 players, both rulesets, random,
heuristic and mixed bots) run to their end with every invariant checked after every step
(debug mode), and each names a winner. Replays of the same seed give the same log."""

from __future__ import annotations

import functools
import json

import pytest

from runeforge.engine.runebound.analysis.bot_odds import make_bot
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.game.invariants import check_invariants
from runeforge.engine.runebound.game.setup import new_game
from tests.engine_bundle import bundle

GAMES = 200


@functools.lru_cache(maxsize=1)
def content():
    b = bundle()
    return b, Catalog(b)


def spec(i: int) -> dict:
    players = 2 + i % 5
    bots = ("random", "heuristic", "mixed")[i // 2 % 3]
    seats = ["random" if (bots == "random" or (bots == "mixed" and s % 2)) else "heuristic"
             for s in range(players)]
    return {"ruleset": ("base", "advanced")[i % 2], "players": players, "seed": 1000 + i,
            "bots": seats}


def play(**options):
    b, cat = content()
    game = new_game(b, catalog=cat, packs="adventure", make_bot=make_bot, **options)
    game.run()
    return game


@pytest.mark.parametrize("i", range(GAMES))
def test_game_runs_to_a_winner_with_invariants(i):
    game = play(debug=True, **spec(i))
    s = game.state
    assert s.phase == "over"
    # a game ends with a winner: a capped game (the board ran dry or not) is unfinished, not a
    # result (issue 35; no seed has a turn limit or a draw)
    assert s.winner in s.seats, s.how
    assert check_invariants(game) == []
    # invariants were checked after set-up and after each step of every turn (a Hero may
    # win in the first turn: seed 1148 beats High Lord Margath at 11 % odds)
    assert game.steps > s.turn
    assert json.loads(json.dumps(s.to_dict())) == s.to_dict()


def test_the_bots_cover_every_step():
    """The 200 specs include each player count, both rulesets and both bots."""
    specs = [spec(i) for i in range(GAMES)]
    assert {s["players"] for s in specs} == {2, 3, 4, 5, 6}
    assert {s["ruleset"] for s in specs} == {"base", "advanced"}
    assert {b for s in specs for b in s["bots"]} == {"random", "heuristic"}
    assert {(s["ruleset"], s["players"]) for s in specs} == {
        (r, p) for r in ("base", "advanced") for p in range(2, 7)}


@pytest.mark.parametrize("ruleset", ["base", "advanced"])
def test_same_seed_same_game(ruleset):
    a = play(ruleset=ruleset, players=3, seed=5, bots="random")
    b = play(ruleset=ruleset, players=3, seed=5, bots="random")
    assert a.log.to_jsonl() == b.log.to_jsonl()
    c = play(ruleset=ruleset, players=3, seed=6, bots="random")
    assert c.log.to_jsonl() != a.log.to_jsonl()


def test_state_round_trips_through_json():
    from runeforge.engine.runebound.game.gamestate import GameState

    game = play(ruleset="advanced", players=4, seed=3)
    data = game.state.to_dict()
    again = GameState.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
