"""A build removes the temporary files a killed build left in its output folders (issue 22,
item 9), and only those of its own naming."""

from __future__ import annotations

import os
import tempfile

import pytest

from runeforge.atomic import TEMP_NAME, remove_stale_temps


def leftover(folder, name: str) -> str:
    """What a build killed between mkstemp and os.replace leaves (write_bytes_atomic's naming)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, path = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    os.write(fd, b"half a file")
    os.close(fd)
    return path


def test_build_removes_a_killed_builds_temp_files(cli, tmp_path):
    out = tmp_path / "out"
    stale = [leftover(out, "bundle.json"), leftover(out / "text", "en.json"),
             leftover(out / "pdf", "core-en.pdf"), leftover(out / "pdf", "gone-pack-en.pdf")]
    assert all(TEMP_NAME.match(os.path.basename(p)) for p in stale)
    keep = [out / "notes.tmp", out / ".notes.tmp", out / "text" / ".en.json.short.tmp"]
    for path in keep:
        path.write_text("mine", encoding="utf-8")
    res = cli("build", "--out", out, "--locale", "en")
    assert res.exit_code == 0, res.output
    assert not [p for p in stale if os.path.exists(p)]
    assert all(p.exists() for p in keep)
    assert f"removed {len(stale)} temporary files" in res.stderr
    assert (out / "bundle.json").exists()


def test_outside_its_folders_only_its_own_files_temps_go(tmp_path):
    target = tmp_path / "layout.json"
    own = leftover(tmp_path, "layout.json")
    other = leftover(tmp_path, "someone-elses.json")
    link = tmp_path / ".layout.json.abcdefgh.tmp"
    link.symlink_to(other)
    assert remove_stale_temps(targets=[target]) == [tmp_path / os.path.basename(own)]
    assert os.path.exists(other) and link.is_symlink()
    assert remove_stale_temps(folders=[tmp_path]) == [tmp_path / os.path.basename(other)]
    assert link.is_symlink()  # a symlink is never followed or removed


def test_fight_log_is_written_atomically_and_clears_its_old_temp(cli, tmp_path):
    log = tmp_path / "fight.jsonl"
    old = leftover(tmp_path, "fight.jsonl")
    res = cli("fight", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves", "--seed",
              "2", "--log", log)
    assert res.exit_code == 0, res.output
    assert not os.path.exists(old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.jsonl"]
    assert log.read_text(encoding="utf-8").startswith('{"')


def test_play_log_is_written_atomically_and_clears_its_old_temp(cli, tmp_path):
    log = tmp_path / "game.jsonl"
    old = leftover(tmp_path, "game.jsonl")
    res = cli("play", "--players", "2", "--seed", "3", "--log", log)
    assert res.exit_code == 0, res.output
    assert not os.path.exists(old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]
    assert cli("replay", log).exit_code == 0


class _ClosedStdout:
    """A console whose reader went away (`play --log FILE | head`): every print fails."""

    def print(self, *args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("command, module", [
    (["play", "--players", "2", "--seed", "3"], "play"),
    (["play", "--adventure", "first-descent", "--players", "1", "--seed", "1"], "play"),
    (["fight", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves", "--seed", "2"],
     "fight"),
])
def test_a_closed_stdout_does_not_lose_the_log(cli, tmp_path, monkeypatch, command, module):
    """Issue 37: the log was written after the summary, so `| head` lost it."""
    import importlib

    monkeypatch.setattr(importlib.import_module(f"runeforge.commands.{module}"), "console",
                        lambda *a, **k: _ClosedStdout())
    log = tmp_path / "game.jsonl"
    res = cli(*command, "--log", log)
    assert res.exit_code == 1 and "internal error" not in res.output  # as click ends on EPIPE
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines and all(line.startswith("{") for line in lines)
    if module == "play":
        assert '"type": "end_state"' in lines[-1]
