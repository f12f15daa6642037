"""Commands check their outputs and arguments before the work starts (issue 22, item 7): an
output that cannot be written is RF003 (exit 1) or a usage error (exit 2), never exit 3 and
never after a whole run; usage errors exit 2 with a message."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture
def blocker(tmp_path):
    """A file where a folder is wanted."""
    path = tmp_path / "file"
    path.write_text("not a directory", encoding="utf-8")
    return path


def work_started(*args, **kwargs):
    raise AssertionError("the command started its work before checking its outputs")


def no_work_done(monkeypatch):
    """Make the content pipeline fail loudly, so a test shows the command stopped before it."""
    from runeforge import pipeline

    monkeypatch.setattr(pipeline, "check", work_started)


@pytest.mark.parametrize("out", ["file", "file/sub"])
def test_preview_out_that_cannot_be_written_is_rf003(cli, blocker, monkeypatch, out):
    no_work_done(monkeypatch)
    res = cli("preview", "--out", blocker.parent / out)
    assert res.exit_code == 1, res.output
    assert "error[RF003]" in res.stdout and "is not a directory" in res.stdout


def test_build_checks_its_outputs_before_the_work(cli, blocker, monkeypatch, tmp_path):
    no_work_done(monkeypatch)
    res = cli("build", "--out", blocker / "sub")
    assert res.exit_code == 1 and "error[RF003]" in res.stdout
    res = cli("build", "--out", tmp_path / "out", "--layout-json", blocker / "layout.json")
    assert res.exit_code == 1 and "error[RF003]" in res.stdout
    assert "layout.json" in res.stdout and not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [
    ["play", "--players", "2"],
    ["fight", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves"],
])
def test_log_into_a_missing_folder_fails_before_the_run(cli, tmp_path, monkeypatch, command):
    no_work_done(monkeypatch)
    res = cli(*command, "--log", tmp_path / "missing" / "dir" / "x.jsonl")
    assert res.exit_code == 2, res.output
    assert "--log" in res.output and "does not exist" in res.output
    res = cli(*command, "--log", tmp_path)
    assert res.exit_code == 2 and "is a directory" in res.output


def test_simulate_scheduler_without_dask_is_a_usage_error(cli, monkeypatch):
    no_work_done(monkeypatch)
    # import distributed -> ImportError; its submodules too, which an earlier test in the same
    # process may have imported (test_simulate's Dask cluster): a cached
    # "distributed.comm.addressing" is found without importing "distributed" first
    for name in [m for m in sys.modules if m.startswith("distributed.")] + ["distributed"]:
        monkeypatch.setitem(sys.modules, name, None)
    res = cli("simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:1")
    assert res.exit_code == 2, res.output
    assert "needs Dask" in res.output and "runeforge[distributed]" in res.output
    assert "bug" not in res.output
    res = cli("simulate", "--games", "1", "--scheduler", "")
    assert res.exit_code == 2 and "empty address" in res.output


@pytest.mark.parametrize("command", ["check", "build", "preview", "play", "simulate",
                                     "fight", "fmt", "text", "odds", "balance"])
def test_an_empty_content_path_is_a_usage_error(cli, monkeypatch, command):
    no_work_done(monkeypatch)
    res = cli(command, "")
    assert res.exit_code == 2, res.output
    assert "empty path" in res.output


def test_output_problem_cases(tmp_path, blocker):
    from runeforge.atomic import output_problem

    assert output_problem(tmp_path / "new" / "deeper", directory=True) is None
    assert output_problem(tmp_path / "new.json", directory=False, parents=False) is None
    assert "does not exist" in output_problem(tmp_path / "new" / "x.json", directory=False,
                                              parents=False)
    assert output_problem(tmp_path / "new" / "x.json", directory=False) is None
    assert "is not a directory" in output_problem(blocker / "x.json", directory=False)
    assert "is a directory" in output_problem(tmp_path, directory=False)
    assert "not a directory" in output_problem(blocker, directory=True)


@pytest.mark.parametrize("address, expect", [("garbage", "missing port"),
                                             ("foo://x:1", "unknown address scheme"),
                                             ("tcp://h", "missing port")])
def test_simulate_scheduler_address_dask_cannot_parse_is_a_usage_error(cli, monkeypatch,
                                                                       address, expect):
    pytest.importorskip("distributed")
    no_work_done(monkeypatch)
    res = cli("simulate", "--games", "1", "--scheduler", address)
    assert res.exit_code == 2, res.output
    assert expect in res.output and "--scheduler" in res.output


def test_simulate_scheduler_nobody_answers_is_exit_1(cli_process):
    pytest.importorskip("distributed")
    res = cli_process("simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:1",
                      env={"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"})
    assert res.returncode == 1, res.stderr
    assert "cannot be used" in res.stderr and "internal error" not in res.stderr


def test_balance_checks_its_out_folder_before_the_work(cli, blocker, monkeypatch):
    from runeforge.commands import _combatcontent

    no_work_done(monkeypatch)
    monkeypatch.setattr(_combatcontent, "load", work_started)  # also a cached load
    res = cli("balance", "--out", str(blocker / "reports"))
    assert res.exit_code == 1, res.output
    assert "RF003" in res.output
