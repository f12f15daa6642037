"""Delve's game loop (issue 13, engine/delve/game/): one scripted hero phase and one scripted
adversary phase with exact outcomes, the JSON round trip, and 100 seeded whole games."""

from __future__ import annotations

import json

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import Dice, ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.engine.delve.game.bots import HeuristicBot, RandomBot
from runeforge.engine.delve.game.engine import DelveGame
from runeforge.engine.delve.game.state import GameState, Records
from runeforge.pipeline import check

HERO = "sefa-quillmark"


@pytest.fixture(scope="module")
def records():
    result = check(())
    return Records.from_bundle(build_bundle(result.content, result.compiled))


class Pick(Player):
    """Answers each question with the first option that has the given fields (None: stop)."""

    def __init__(self, wants):
        self.wants = list(wants)

    def decide(self, decision, engine):
        want = self.wants.pop(0)
        if want is None:
            return None
        return next(o for o in decision.options
                    if all(o.get(k) == v for k, v in want.items()))


def _scripted(records, rolls, wants):
    game = DelveGame(records, [HERO], 1, ScriptedDice(rolls), {HERO: Pick(wants)}, debug=True)
    deck = game.state.deck
    deck.remove("dripping-steps")
    deck.insert(0, "dripping-steps")
    game.state.round = 1
    return game


def test_one_scripted_hero_phase(records):
    # hero dice 2 4 1 6; encounter roll 2 (two rats); Longshot's attack roll 5
    game = _scripted(records, [2, 4, 1, 6, 2, 5],
                     [{"action": "move", "to": [1, 0]}, {"action": "explore"},
                      {"action": "weapon", "weapon": "Longshot"}, None])
    s = game.state
    hero = s.figure(HERO)
    assert hero.cell == (1, 1)
    game.hero_turn(hero)
    log = game.log.records
    # Sefa's renown rule (R22: every time you explore a chamber, gain 1 renown) fires
    assert [r["type"] for r in log] == ["setup", "hero_dice", "decision", "move", "decision",
                                        "explore", "encounter", "trigger", "decision", "attack",
                                        "decision", "turn_end"]
    assert log[7]["event"] == "explored" and log[7]["effects"] == [
        {"op": "renown", "amount": 1, "skills": 0}]
    assert log[3]["die"] == 1 and log[3]["path"] == [[1, 0]]
    assert (log[5]["die"], log[5]["tile"], log[5]["chamber"]) == (2, "flooded-cistern", 1)
    assert log[6]["adversaries"] == [{"id": "gloom-rat-1", "cell": [1, -3]},
                                     {"id": "gloom-rat-2", "cell": [2, -3]}]
    assert log[9]["die"] == 4 and log[9]["results"] == [
        {"target": "gloom-rat-2", "roll": 5, "hit": True, "wounds": 1, "slain": True,
         "skills": 0}]
    assert log[11]["set_aside"] == [6]
    assert (hero.cell, hero.renown, s.renown[HERO]) == ((1, 0), 2, 2)
    assert [f.id for f in s.adversaries()] == ["gloom-rat-1"]
    assert s.explored == ["dripping-steps"] and len(s.deck) == 14
    assert len(s.board.chambers) == 2


def test_one_scripted_adversary_phase(records):
    # as above, then the rat advances next to the hero and bites: 5 hits (Hit 5, Damage 1)
    game = _scripted(records, [2, 4, 1, 6, 2, 5, 5],
                     [{"action": "move", "to": [1, 0]}, {"action": "explore"},
                      {"action": "weapon", "weapon": "Longshot"}, None])
    game.hero_turn(game.state.figure(HERO))
    adversary_phase(game)
    moves = game.log.of_type("adversary_move")
    assert moves == [{"seq": moves[0]["seq"], "type": "adversary_move",
                      "adversary": "gloom-rat-1", "path": [[0, -2], [1, -1]]}]
    bites = game.log.of_type("adversary_attack")
    assert [(b["adversary"], b["target"], b["roll"], b["hit"], b["wounds"]) for b in bites] \
        == [("gloom-rat-1", HERO, 5, True, 1)]
    assert game.state.figure(HERO).wounds == 1
    assert game.dice.remaining == 0


def test_an_illegal_answer_is_refused(records):
    game = _scripted(records, [2, 4, 1, 6], [{"action": "move", "to": [1, 0]}])

    class Cheat(Player):
        def decide(self, decision, engine):
            return {"action": "explore", "die": 0}

    game.players[HERO] = Cheat()
    with pytest.raises(IllegalAction):
        game.hero_turn(game.state.figure(HERO))


def test_the_state_round_trips_through_json(records):
    game = DelveGame(records, ["garrick-stoneward", HERO], 5, Dice(5),
                     {h: HeuristicBot() for h in ["garrick-stoneward", HERO]}, debug=True)
    for _ in range(3):
        game.play_round()
    data = json.loads(json.dumps(game.state.to_dict()))
    again = GameState.from_dict(data, records.tiles)
    assert again.to_dict() == game.state.to_dict()


def test_100_seeded_games_end_with_every_invariant_holding(records):
    heroes = sorted(records.heroes)
    ends = set()
    for seed in range(100):
        n = seed % 4 + 1
        chosen = [heroes[(seed + i) % len(heroes)] for i in range(n)]
        players = {h: (HeuristicBot() if seed % 2 else RandomBot(seed * 10 + i))
                   for i, h in enumerate(chosen)}
        game = DelveGame(records, chosen, seed, Dice(seed), players, debug=True)
        result = game.play()
        assert result["winner"] in ("heroes", "adversaries")
        assert result["rounds"] <= records.rules.round_limit
        assert game.watch.problems() == []
        assert game.log.of_type("game_end")
        ends.add(result["how"])
    assert len(ends) >= 2
