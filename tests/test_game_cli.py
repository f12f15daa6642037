"""`runeforge play` and `runeforge replay`: a whole game by bots to its end, a summary, a log
that replays to the same end state, and clear errors."""

from __future__ import annotations

import json


def test_play_names_a_winner_and_replays(cli, tmp_path):
    log = tmp_path / "game.jsonl"
    result = cli("play", "--players", "4", "--seed", "1", "--log", log)
    assert result.exit_code == 0, result.output
    assert "Winner: " in result.stdout and "Winner: nobody" not in result.stdout
    assert "How: " in result.stdout and "ruleset: base" in result.stdout
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records[0]["type"] == "options" and records[0]["seed"] == 1
    end = records[-1]
    assert end["type"] == "end_state" and end["winner"] and len(end["sha256"]) == 64
    again = cli("replay", log)
    assert again.exit_code == 0, again.output
    assert "same end state" in again.stdout


def test_replay_notices_a_changed_log(cli, tmp_path):
    log = tmp_path / "game.jsonl"
    assert cli("play", "--players", "2", "--seed", "4", "--ruleset", "advanced",
               "--bots", "random", "--log", log).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    rolls = [i for i, line in enumerate(lines) if '"type": "movement_roll"' in line]
    record = json.loads(lines[rolls[3]])
    record["dice"] = [["mountains"]] * len(record["dice"])
    lines[rolls[3]] = json.dumps(record, sort_keys=True)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("replay", log)
    assert result.exit_code == 1
    assert f"differs at record {record['seq']}" in result.output


def test_same_options_same_log(cli, tmp_path):
    logs = []
    for name in ("a.jsonl", "b.jsonl"):
        assert cli("play", "--players", "3", "--seed", "9", "--ruleset", "advanced",
                   "--log", tmp_path / name).exit_code == 0
        logs.append((tmp_path / name).read_text(encoding="utf-8"))
    assert logs[0] == logs[1]


def test_usage_errors(cli, tmp_path):
    bad = cli("play", "--adventure", "rise-of-the-dragon-lord")
    assert bad.exit_code == 2
    assert "rise-of-the-dragon-lords" in bad.output  # did you mean
    assert cli("play", "--players", "7").exit_code == 2
    assert cli("play", "--ruleset", "expert").exit_code == 2
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n", encoding="utf-8")
    result = cli("replay", junk)
    assert result.exit_code == 1 and "junk.jsonl:1:1: error[RF965]: not a JSON line" in result.output
    missing = cli("replay", tmp_path / "none.jsonl")
    assert missing.exit_code == 1 and "cannot read" in missing.output
