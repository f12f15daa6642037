"""The compositional core of the ability language (issue 32, part III) in the engine: the
scenarios of tests/data/core_content (each new form does what its text says), and the game
ending a turn, refusing to sell Items and moving as if through plains when a card says so."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "core_content"


@functools.lru_cache(maxsize=1)
def _scenarios():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok
    return [r for r in scenarios.run(result.content, result.compiled)
            if "core_content" in str(r.path)]


def test_the_scenarios_of_the_core_pass_and_run_its_ops():
    from runeforge.scenarios import report

    results = _scenarios()
    assert len(results) == 13
    for r in results:
        assert r.passed, "\n".join(report.failure_lines(r))
    ops = set().union(*(r.ops for r in results))
    assert {"each_hero", "repeat", "lose_gold", "end_turn", "discard_ally", "pay_to"} <= ops


def _game():
    from tests.test_game_scenarios import make

    return make(players=2)


def test_end_your_turn_ends_the_turn_after_the_text():
    from runeforge.engine.runebound.game.turn import TurnOver

    game, (hero, _) = _game()
    game.combat.grants.append({"hero": hero.id, "source": "test", "op": "end_turn"})
    with pytest.raises(TurnOver):
        game.after_effects(hero)


def test_no_grant_no_turn_over():
    game, (hero, _) = _game()
    game.after_effects(hero)  # nothing raised: the turn goes on


def test_heroes_cannot_buy_items_while_the_rule_holds():
    game, (hero, _) = _game()
    town = next(iter(game.state.market_stacks))
    hero.gold = 99
    before = game.market_options(hero, town)
    assert any(o.startswith("buy:") for o in before)
    game.state.effects.append(_active(hero, "next_event",
                                      [{"op": "restrict", "action": "buy_items"}]))
    after = game.market_options(hero, town)
    assert not any(o.startswith("buy:") for o in after)
    assert [o for o in before if o.startswith("hire:")] == \
        [o for o in after if o.startswith("hire:")]


def _active(hero, until, effects):
    from runeforge.engine.runebound.core.state import ActiveEffect

    return ActiveEffect(hero.id, "test-card", until, effects, None)


def test_a_terrain_rule_without_a_skill_is_every_heros():
    from runeforge.engine.runebound.game.place import with_terrain_rules

    game, (hero, _) = _game()
    hero.skills = []
    game.state.effects.append(_active(hero, "end_of_turn", [
        {"op": "terrain_rule", "skill": None, "terrain": "forest", "like": "plains"}]))
    rolled = (frozenset({"plains"}), frozenset({"road"}))
    out = with_terrain_rules(game, hero, rolled)
    assert "forest" in out[0] and "forest" not in out[1]
