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
    assert result.exit_code == 1 and f"tampered.jsonl:{len(played) - 1}:1: error[RF966]: the " \
        f"log is cut: it ends at line {len(played) - 1}" in result.output
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


def test_an_empty_or_cut_log_is_refused_at_a_line(tmp_path, played):
    """Issue 37: an empty or cut log was refused without a line number."""
    for lines, line in (([], 1), ([b""], 1), ([b"", b"  "], 2)):
        result = replay(tmp_path, lines)
        assert result.exit_code == 1, result.output
        assert f"tampered.jsonl:{line}:1: error[RF966]: the game log is empty" in result.output
    result = replay(tmp_path, played[:10])
    assert "tampered.jsonl:10:1: error[RF966]: the log is cut: it ends at line 10 with " \
        "record 9" in result.output
    cut = played[9][: len(played[9]) // 2]  # cut inside a line: that line is no JSON
    result = replay(tmp_path, [*played[:9], cut])
    assert "tampered.jsonl:10:" in result.output and "error[RF965]" in result.output


def test_a_log_of_content_not_given_says_which_adventure_lacks_its_folder(tmp_path):
    """Issue 37: replaying the log of a Delve trial of one's own without its folder said
    the record "was edited or cut" (a Runebound adventure's: "did you mean" some other)."""
    log = tmp_path / "mine.jsonl"
    options = {"adventure": "my-own-descent", "bots": "heuristic", "players": 1, "seed": 2,
               "seq": 0, "type": "options"}
    end = {"seq": 1, "type": "end_state", "sha256": "0" * 64}
    log.write_text(json.dumps(options) + "\n" + json.dumps(end) + "\n", encoding="utf-8")
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["replay", str(log)])
    assert result.exit_code == 1, result.output
    out = " ".join(result.output.split())
    assert "mine.jsonl:1:1: error[RF966]: the logged adventure 'my-own-descent' is in none " \
        "of the content loaded (the bundled packs only: no content folder was given)" in out
    assert "runeforge replay LOG DIR" in out
    assert "edited or cut" not in out and "did you mean" not in out
