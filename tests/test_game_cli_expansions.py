"""`runeforge play --expansion ID --new-cards-first`: card expansions of seed 001 in a whole
game by bots; the options go to the log, so the game replays."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def bundle():
    from runeforge.commands.play import load_bundle

    return load_bundle(())


def _options(log) -> dict:
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["type"] == "options"
    return {k: v for k, v in first.items() if k not in ("type", "seq")}


def _dealt(bundle, options) -> list[str]:
    """The market cards dealt to the towns at set-up, by the same routing as `play`."""
    from runeforge.engine.runebound.analysis.simulate import start_game

    game = start_game(bundle, options)
    return [c for stack in game.state.market_stacks.values() for c in stack]


def test_new_cards_first_deals_the_expansion_and_replays(cli, tmp_path, bundle):
    log = tmp_path / "game.jsonl"
    result = cli("play", "--adventure", "sceptre-of-kyros", "--players", "2", "--seed", "3",
                 "--expansion", "legendary-relics", "--new-cards-first", "--log", log)
    assert result.exit_code == 0, result.output
    options = _options(log)
    assert options["expansions"] == ["legendary-relics"]
    assert options["expansion_mode"] == "first"
    packs = {c["id"]: c.get("pack") for c in bundle["cards"]}
    dealt = _dealt(bundle, options)
    assert dealt and {packs[c] for c in dealt} == {"legendary-relics"}
    again = cli("replay", log)
    assert again.exit_code == 0, again.output
    assert "same end state" in again.stdout


def test_shuffled_expansions_also_on_the_base_adventure(cli, tmp_path, bundle):
    log = tmp_path / "game.jsonl"
    result = cli("play", "--players", "2", "--seed", "5", "--expansion", "artifacts-and-allies",
                 "--expansion", "dark-forest", "--log", log)
    assert result.exit_code == 0, result.output
    options = _options(log)
    assert options["expansions"] == ["artifacts-and-allies", "dark-forest"]
    assert options["expansion_mode"] == "shuffle"
    packs = {c["id"]: c.get("pack") for c in bundle["cards"]}
    from runeforge.engine.runebound.analysis.simulate import start_game

    game = start_game(bundle, options)
    in_play = [c for deck in game.state.adventure_decks.values() for c in deck]
    assert "dark-forest" in {packs[c] for c in in_play}
    market = game.state.market_deck + [c for s in game.state.market_stacks.values() for c in s]
    assert "artifacts-and-allies" in {packs[c] for c in market}
    plain = start_game(bundle, {k: v for k, v in options.items()
                                if k not in ("expansions", "expansion_mode")})
    plain_cards = [c for deck in plain.state.adventure_decks.values() for c in deck]
    assert "dark-forest" not in {packs[c] for c in plain_cards}


def test_unknown_expansion_is_a_usage_error(cli):
    result = cli("play", "--expansion", "dark-forrest")
    assert result.exit_code == 2
    assert "unknown expansion 'dark-forrest'" in result.output
    assert "dark-forest" in result.output
