"""The example adventure of docs/authoring.md (examples/my-first-adventure): it checks clean,
every ability compiles, and `runeforge play --adventure my-first-adventure` plays it to an
end with the game invariants holding."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge import pipeline
from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
from runeforge.engine.runebound.adventures.adventure_rules import build_decks, get_adventure
from runeforge.engine.runebound.bots.game_bot import make_bot
from tests.engine_bundle import bundle

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "my-first-adventure"


def test_example_checks_clean_and_compiles_fully(cli):
    result = pipeline.check([str(EXAMPLE)])
    mine = [d for d in result.diagnostics if str(EXAMPLE) in str(Path(d.path).resolve())]
    assert not result.errors and not mine, result.diagnostics[:3]
    own = [c for c in result.content.cards.values() if c.pack == "my-first-adventure"]
    assert len(own) == 7
    for card in own:  # every ability of the example compiled to IR
        assert len(result.compiled.get(card.id, [])) == len(card.data.get("abilities", []))
    out = cli("check", "--coverage", EXAMPLE)
    assert out.exit_code == 0 and "(100.0%)" in out.output


def test_example_decks_follow_its_adventure_yaml():
    import random

    b = bundle(EXAMPLE)
    spec = get_adventure(b, "my-first-adventure")
    decks = build_decks(b, spec, random.Random(1))
    assert sorted(decks.side["green"]) == ["a-trail-of-wax", "guttering-candles",
                                           "lamplighters-ghost", "marsh-lights",
                                           "soot-imps", "soot-imps", "the-chandlers-bargain"]
    assert "the-lantern-thief" in decks.base["yellow"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_example_plays_to_an_end(seed):
    game = new_adventure_game(bundle(EXAMPLE), adventure="my-first-adventure", players=3,
                              seed=seed, debug=True, make_bot=make_bot)
    game.run()
    assert game.state.phase == "over"
    assert game.state.winner in game.state.seats
    assert game.state.adventure == "my-first-adventure"


def test_example_scenarios_pass_and_cover_its_cards(cli):
    """The three encounters written with a condition, a choice and a die table (no Python)
    do what their scenarios say, and every card of the example is covered."""
    out = cli("test", "--coverage", "--format", "json", EXAMPLE)
    assert out.exit_code == 0, out.output
    import json

    report = json.loads(out.output)
    mine = [r for r in report["scenarios"] if "my-first-adventure" in r["path"]]
    assert len(mine) == 8 and all(r["passed"] for r in mine)
    ran = {op for r in mine for op in r["ops"]}
    assert {"if_state", "choose", "roll_table"} <= ran, ran
    assert not [c for c in report["coverage"]["uncovered"] if c in (
        "marsh-lights", "the-chandlers-bargain", "guttering-candles")]


def test_play_command_takes_the_example(cli):
    out = cli("play", "--adventure", "my-first-adventure", "--players", "3", "--seed", "1",
              EXAMPLE)
    assert out.exit_code == 0, out.output
    assert "adventure: my-first-adventure" in out.output
    assert "Winner:" in out.output and "Winner: nobody" not in out.output
