"""`runeforge replay` checks a log before it uses it (issue 22, item 6): a tampered log ends
with a clear error naming the file and line and exit 1, never exit 3 and never "same end
state"."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from runeforge.cli import main


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The lines of one short logged game (2 players, random bots)."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(
        main, ["play", "--players", "2", "--seed", "3", "--bots", "random", "--log", str(log)])
    assert result.exit_code == 0, result.output
    return log.read_bytes().splitlines()


def replay(tmp_path, lines: list[bytes]):
    log = tmp_path / "tampered.jsonl"
    log.write_bytes(b"\n".join(lines) + b"\n")
    return CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["replay", str(log)],
                                                   catch_exceptions=False)


def with_options(lines: list[bytes], **changes) -> list[bytes]:
    options = json.loads(lines[0])
    for key, value in changes.items():
        if value is KeyError:
            del options[key]
        else:
            options[key] = value
    return [json.dumps(options, sort_keys=True).encode(), *lines[1:]]


def test_the_untouched_log_replays(tmp_path, played):
    result = replay(tmp_path, played)
    assert result.exit_code == 0, result.output
    assert "same end state" in result.output


@pytest.mark.parametrize("change, expect", [
    ({"players": 7}, "'players'"),
    ({"players": 0}, "'players'"),
    ({"players": -1}, "'players'"),
    ({"players": 2.0}, "'players'"),
    ({"players": True}, "'players'"),
    ({"ruleset": "expert"}, "'ruleset'"),
    ({"bots": "genius"}, "'bots'"),
    ({"doom": "x"}, "'doom'"),
    ({"doom": True}, "'doom'"),
    ({"seed": "1"}, "'seed'"),
    ({"seed": 10 ** 30}, "'seed'"),
    ({"expansions": ["legendary-relics"], "expansion_mode": "weird"}, "'expansion_mode'"),
    ({"expansions": ["no-such-box"], "expansion_mode": "first"}, "'expansions.0'"),
    ({"expansion_mode": "first"}, "expansions"),
    ({"house_rules": ["no-such-rule"]}, "'house_rules.0'"),
    ({"house_rules": []}, "'house_rules'"),
    ({"colour": "red"}, "colour"),
    ({"ruleset": KeyError}, "ruleset"),
])
def test_bad_option_values_are_refused(tmp_path, played, change, expect):
    result = replay(tmp_path, with_options(played, **change))
    assert result.exit_code == 1, result.output
    assert "tampered.jsonl:1:" in result.output and expect in result.output
    assert "same end state" not in result.output
    assert "internal error" not in result.output


def test_an_unknown_adventure_is_refused_with_a_hint(tmp_path, played):
    result = replay(tmp_path, with_options(played, adventure="rise-of-the-dragon-lord"))
    assert result.exit_code == 1, result.output
    assert "tampered.jsonl:1:" in result.output
    assert "did you mean 'rise-of-the-dragon-lords'" in result.output


@pytest.mark.parametrize("line, expect", [
    (b"\xff\xfe\x00binary", "not UTF-8 text"),
    (b"[1, 2, 3]", "must be a JSON object, not list"),
    (b'"options"', "must be a JSON object, not str"),
    (b"null", "must be a JSON object, not null"),
    (b'{"seq": 5, "type": "roll", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "JSON line"),
    (b'{"seq": 5, "type": "roll", "x": ' + b"[" * 40 + b"]" * 40 + b"}",
     "deeper than 32 levels"),
    (b'{"seq": 5, "type": "roll", "x": ' + b"9" * 5000 + b"}", "JSON line"),
    (b'{"type": "roll"}', "'seq' is a required property"),
    (b'{"seq": 5, "type": 12}', "'type'"),
])
def test_bad_records_are_refused_at_their_line(tmp_path, played, line, expect):
    lines = list(played)
    lines[5] = line
    result = replay(tmp_path, lines)
    assert result.exit_code == 1, result.output
    assert "tampered.jsonl:6:" in result.output and expect in result.output
    assert "internal error" not in result.output


def test_records_out_of_order_or_without_an_end_are_refused(tmp_path, played):
    swapped = [played[0], played[2], played[1], *played[3:]]
    result = replay(tmp_path, swapped)
    assert result.exit_code == 1 and "tampered.jsonl:2:1: error[RF966]: record 2 where record 1" in result.output
    result = replay(tmp_path, played[:-1])
    assert result.exit_code == 1 and "'end_state' record last" in result.output
    end = json.loads(played[-1])
    end["sha256"] = "not a digest"
    result = replay(tmp_path, [*played[:-1], json.dumps(end).encode()])
    assert result.exit_code == 1 and "'sha256'" in result.output


def test_a_fifo_is_refused_without_blocking(tmp_path):
    import os

    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["replay", str(fifo)], catch_exceptions=False)
    assert result.exit_code == 1 and "not a regular file" in result.output


def test_every_refusal_is_located_with_its_code(tmp_path, played):
    """Replay errors are diagnostics like `check`'s: file:line:col, a code, the line, a hint.
    RF965 a line that is no JSON, RF966 a record out of place, RF967 a record the replay does
    not reproduce (at the line of the first changed record)."""
    at = next(i for i, raw in enumerate(played) if b'"dice"' in raw and i > 0)
    record = json.loads(played[at])
    key = next(k for k in ("dice", "faces") if k in record)
    record[key] = "edited"
    edited = [*played[:at], json.dumps(record).encode(), *played[at + 1:]]
    for lines, code, line in ((played[:3] + [b"{oops"] + played[4:], "RF965", 4),
                              ([played[0], played[2], *played[1:2], *played[3:]], "RF966", 2),
                              (edited, "RF967", at + 1)):
        result = replay(tmp_path, lines)
        assert result.exit_code == 1, result.output
        head = result.output.splitlines()[0]
        assert head.startswith(f"{tmp_path / 'tampered.jsonl'}:{line}:") and \
            f"error[{code}]" in head, result.output
        assert f"{line:>5} | " in result.output and "= hint:" in result.output
