"""Commands per game (issue #31): `simulate`, `fight`, `odds`, `balance` and `test` ask the
registry for the game of the content they are given. Delve answers through its engine entries
(compiler/games/delve.py); a game without the command says so in one line, exit 2."""

from __future__ import annotations

import json

import pytest

from runeforge.engine.common.sweep import wilson

SIM = ("simulate", "--adventure", "first-descent", "--players", "3", "--games", "4",
       "--seed", "5")


def one_line(res) -> str:
    """The whole output of a refused command: one line, no traceback."""
    text = res.output.strip()
    assert "\n" not in text and "Traceback" not in text, res.output
    return text


# ---------------------------------------------------------------------- simulate
def test_simulate_a_delve_trial_text_and_json(cli):
    res = cli(*SIM, "--format", "json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["game"] == "delve" and len(out["games"]) == 4
    assert [g["seed"] for g in out["games"]] == [5, 6, 7, 8]
    assert {g["adventure"] for g in out["games"]} == {"first-descent"}
    assert all(len(g["heroes"]) == 3 and g["winner"] in ("heroes", "adversaries")
               for g in out["games"])
    (trial,) = out["summary"]["adventures"]
    wins = sum(g["winner"] == "heroes" for g in out["games"])
    assert (trial["games"], trial["wins"]) == (4, wins)
    assert trial["ci95"] == pytest.approx(list(wilson(wins, 4)))
    assert sum(e["games"] for e in trial["ended"]) == 4
    rounds = [g["rounds"] for g in out["games"]]
    assert trial["rounds"] == {"mean": sum(rounds) / 4, "min": min(rounds), "max": max(rounds)}
    text = cli(*SIM)
    assert text.exit_code == 0, text.output
    low, high = wilson(wins, 4)
    assert (f"first-descent (3 players): the heroes won {wins}/4 games ({wins / 4:.1%}, 95 % CI "
            f"{low:.1%}–{high:.1%}); rounds: mean {sum(rounds) / 4:.1f}") in text.stdout
    assert "how the game ended" in text.stdout and "Delve" in text.stdout


def test_simulate_plays_the_games_of_delves_play_entry(cli, bundle):
    """Each record is the game `play` plays with the same options (its end-state digest)."""
    from runeforge import games

    res = cli(*SIM, "--format", "json")
    play = games.get("delve").entry("play")
    for record in json.loads(res.stdout)["games"][:2]:
        options = {k: record[k] for k in ("adventure", "players", "seed", "bots")}
        played = play(bundle, options)
        assert played["log"][-1]["sha256"] == record["digest"]
        assert (played["winner"], played["rounds"]) == (record["winner"], record["rounds"])


def test_simulate_of_delve_is_deterministic_for_a_seed(cli):
    first = cli(*SIM, "--format", "json")
    again = cli(*SIM, "--format", "json")
    pooled = cli(*SIM, "--format", "json", "--workers", "2")
    assert first.exit_code == again.exit_code == pooled.exit_code == 0
    assert first.stdout == again.stdout == pooled.stdout
    other = cli(*SIM[:-1], "6", "--format", "json")
    assert [g["digest"] for g in json.loads(other.stdout)["games"]][:3] == \
        [g["digest"] for g in json.loads(first.stdout)["games"]][1:]


def test_simulate_usage_errors_name_the_game(cli):
    res = cli("simulate", "--adventure", "first-descent", "--ruleset", "advanced")
    assert res.exit_code == 2 and "--ruleset is an option of Runebound" in res.output
    res = cli("simulate", "--adventure", "first-descent", "--players", "5", "--games", "1")
    assert res.exit_code == 2 and "seats 1 to 4 players, not 5" in res.output
    res = cli("simulate", "--adventure", "first-descent", "--adventure", "sceptre-of-kyros")
    assert res.exit_code == 2 and "one game per run" in res.output
    res = cli("simulate", "--game", "delve")
    assert res.exit_code == 2 and "--adventure ID" in res.output and "first-descent" in res.output


def test_simulate_of_a_game_without_it_is_one_line(cli):
    res = cli("simulate", "--game", "campaign")
    assert res.exit_code == 2
    assert one_line(res) == ("runeforge simulate: the game 'campaign' has no simulate (it has "
                             "none of: play, replay, simulate, fight, odds, balance, test)")
