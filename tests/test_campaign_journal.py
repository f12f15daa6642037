"""The campaign sheet and its log as one commit (issue 37) and their history (issue 34):
a command killed at every write leaves the old campaign or the new one; `status` fails on a
sheet and log that disagree; `repair` rebuilds from the log; `undo` after every step of the
campaign phase gives the sheet before it byte for byte; `replay` of a shortened log compares
with the sheet on disk."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from runeforge.cli import main
from tests.campaign_cli import CAMPAIGN, ok, one_bundle, rf  # noqa: F401 (one_bundle: autouse)


def status(sheet) -> dict:
    return json.loads(ok("status", sheet, "--as", "overlord", "--format", "json"))


def log_of(sheet):
    return sheet.with_name(sheet.stem + ".log.jsonl")


def sealed_of(sheet):
    return sheet.with_name(sheet.stem + ".sealed.json")


def sealed_log_of(sheet):
    return sheet.with_name(sheet.stem + ".sealed.log.jsonl")


def pair(sheet) -> tuple[bytes, bytes, bytes, bytes]:
    """The campaign on disk: the sheet, its sealed file (issue 34), its log and the log's
    sealed lines."""
    return (sheet.read_bytes(), sealed_of(sheet).read_bytes(), log_of(sheet).read_bytes(),
            sealed_log_of(sheet).read_bytes())


def copy_campaign(sheet, to) -> None:
    for of in (lambda p: p, sealed_of, log_of, sealed_log_of):
        shutil.copy(of(sheet), of(to))


@pytest.fixture
def sheet(tmp_path):
    path = tmp_path / "camp.json"
    ok("new", "--campaign", CAMPAIGN, "--seed", 3, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", path)
    return path


def travel_args(sheet) -> list:
    """`travel` with as many `--choice 0` as its events ask (tried on a copy)."""
    probe = sheet.parent / "probe" / "camp.json"
    probe.parent.mkdir(exist_ok=True)
    for n in range(4):
        copy_campaign(sheet, probe)
        args = ["travel", probe] + ["--choice", 0] * n
        if rf(*args).exit_code == 0:
            return ["travel", sheet] + ["--choice", 0] * n
    raise AssertionError("travel needs more choices")


class Killed(BaseException):
    """A SIGKILL stand-in: nothing after it runs (no except Exception catches it)."""


@pytest.mark.parametrize("kill_at", [1, 2, 3, 4, 5, 6])
def test_a_command_killed_at_any_write_leaves_the_old_or_the_new_campaign(
        sheet, tmp_path, monkeypatch, kill_at):
    """Every file replace and removal of a command is a point where a kill can land; after
    it, the next command (`status`) sees the sheet and log of before or of after, never one
    of each (the issue's RF964 for ever after)."""
    ok("setup", sheet)
    old = pair(sheet)
    twin = tmp_path / "twin" / "camp.json"
    twin.parent.mkdir()
    copy_campaign(sheet, twin)
    args = travel_args(sheet)
    ok(*[twin if a == sheet else a for a in args])
    new = pair(twin)
    calls = {"n": 0}
    real_replace, real_unlink = os.replace, os.unlink

    def hook(real):
        def wrapped(*a, **k):
            if str(a[0]).endswith(".lock"):  # the lock goes with the process at a real kill
                return real(*a, **k)
            calls["n"] += 1
            if calls["n"] == kill_at:
                raise Killed()
            return real(*a, **k)
        return wrapped

    monkeypatch.setattr(os, "replace", hook(real_replace))
    monkeypatch.setattr(os, "unlink", hook(real_unlink))
    with pytest.raises(Killed):
        main(["campaign", *map(str, args)], standalone_mode=False)
    monkeypatch.undo()
    result = rf("status", sheet)
    assert result.exit_code == 0, result.output
    assert pair(sheet) in (old, new)
    if kill_at > 1:  # the journal was complete: the command is finished by the next one
        assert pair(sheet) == new
    assert not sheet.with_name("camp.journal.json").exists()
    left = sorted(p.name for p in sheet.parent.iterdir() if p.is_file())
    assert left == ["camp.json", "camp.log.jsonl", "camp.sealed.json",
                    "camp.sealed.log.jsonl"]  # no temp, no journal


def test_status_fails_on_a_sheet_its_log_does_not_describe_and_repair_rebuilds_it(sheet):
    ok("setup", sheet)
    at_setup = pair(sheet)
    ok(*travel_args(sheet))
    lines = log_of(sheet).read_text(encoding="utf-8").splitlines(keepends=True)
    log_of(sheet).write_text("".join(lines[:-1]), encoding="utf-8")  # the travel line lost
    result = rf("status", sheet)
    assert result.exit_code == 1 and "error[RF964]" in result.output
    assert "campaign repair" in result.output
    assert rf("setup", sheet).exit_code == 1
    out = ok("repair", sheet)
    assert "Rebuilt" in out and "camp.damaged.json" in out
    assert pair(sheet) == at_setup
    assert "Nothing to repair" in ok("repair", sheet)


def test_repair_rebuilds_a_sheet_cut_in_half(sheet):
    ok("setup", sheet)
    before = pair(sheet)
    sheet.write_bytes(before[0][: len(before[0]) // 2])
    result = rf("status", sheet)
    assert result.exit_code == 1 and "error[RF961]" in result.output
    ok("repair", sheet)
    assert pair(sheet) == before


def test_an_edited_journal_is_refused_and_never_applied(sheet):
    before = pair(sheet)
    journal = sheet.with_name("camp.journal.json")
    entry = {"journal": 1, "sheet": "{}", "log": "", "sheet_sha256": "0" * 64,
             "log_sha256": "0" * 64}
    journal.write_text(json.dumps(entry), encoding="utf-8")
    result = rf("status", sheet)
    assert result.exit_code == 1 and "error[RF964]" in result.output
    assert "camp.journal.json:1:1" in result.output
    assert pair(sheet) == before


def test_a_second_command_is_refused_while_one_holds_the_sheet(sheet):
    from runeforge.games.campaign.commands import journal

    before = pair(sheet)
    with journal.locked(sheet):
        result = rf("setup", sheet)
    assert result.exit_code == 1 and "another campaign command" in result.output
    assert pair(sheet) == before
    ok("setup", sheet)


def test_undo_after_each_step_restores_the_sheet_byte_for_byte(sheet, one_bundle):  # noqa: F811 (fixture)
    """The campaign phase's steps by hand (record runs steps 1-3, then xp, shop, choose,
    setup, travel; sell and trade too): after each, `undo` gives the sheet and log of before
    it exactly; the step is then done again and the campaign goes on."""
    cost = {c["id"]: c.get("cost", 0) for c in one_bundle["cards"]}

    def step(*args):
        before = pair(sheet)
        ok(*args)
        assert pair(sheet) != before
        ok("undo", sheet)
        assert pair(sheet) == before, args[0]
        ok(*args)

    step("setup", sheet)
    step(*travel_args(sheet))
    step("record", sheet, "--adventure", status(sheet)["next_adventure"], "--winner",
         "heroes", "--search", "tarnished-coins")
    ann = next(p for p in status(sheet)["players"] if p["name"] == "Ann")
    step("xp", sheet, "--player", "Ann", "--buy", ann["can_buy"][0])
    zed = next(p for p in status(sheet)["players"] if p["name"] == "Zed")
    step("xp", sheet, "--player", "Zed", "--buy", zed["can_buy"][0])  # a sealed argument
    step("shop", sheet)
    bo = next(p for p in status(sheet)["players"] if p["name"] == "Bo")
    step("sell", sheet, "--hero", "Bo", "--item", bo["items"][0])
    item = min(status(sheet)["market"], key=lambda c: cost[c])
    step("shop", sheet, "--buy", f"{item}=Ann")
    step("trade", sheet, "--item", item, "--from", "Ann", "--to", "Bo")
    step("choose", sheet, "--adventure", status(sheet)["available"][0])
    step("setup", sheet)
    step(*travel_args(sheet))
    assert len(log_of(sheet).read_text(encoding="utf-8").splitlines()) == 13


def test_undo_of_new_is_refused(sheet):
    before = pair(sheet)
    result = rf("undo", sheet)
    assert result.exit_code == 2 and "nothing to take back" in result.output
    assert pair(sheet) == before


def test_replay_of_a_shortened_log_compares_with_the_sheet_on_disk(sheet):
    ok("setup", sheet)
    ok(*travel_args(sheet))
    assert "camp.json on disk" in ok("replay", log_of(sheet))
    lines = log_of(sheet).read_text(encoding="utf-8").splitlines(keepends=True)
    log_of(sheet).write_text("".join(lines[:2]), encoding="utf-8")
    result = rf("replay", log_of(sheet))
    assert result.exit_code == 1 and "error[RF964]" in result.output
    assert "another sheet than camp.json on disk" in result.output
    assert '/step: "travel" here, "adventure" on disk' in result.output
    assert "/overlord/hand: differs" in result.output  # where, never which cards


def test_a_view_needs_no_lock_when_nothing_is_to_finish(sheet, monkeypatch):
    """`status` in a folder where no lock can be made (read-only): nothing to finish, so it
    reads; with a journal to finish it says why it cannot."""
    from runeforge.games.campaign.commands import journal

    def no_lock(path):
        raise journal.Busy(f"cannot lock {path}: Read-only file system")

    monkeypatch.setattr(journal, "locked", no_lock)
    assert "Campaign:" in ok("status", sheet)
    sheet.with_name("camp.journal.json").write_text("{}", encoding="utf-8")
    result = rf("status", sheet)
    assert result.exit_code == 1 and "Read-only file system" in result.output


def test_a_command_whose_sheet_changed_meanwhile_writes_nothing(sheet, monkeypatch):
    """Two commands racing on one sheet: the one that read it before the other committed
    writes nothing (the other's sheet and log stay), instead of losing the other's step."""
    import runeforge.engine.campaign.rules.setup as setup_rule

    real = setup_rule.setup
    other = json.loads(sheet.read_text(encoding="utf-8"))
    other["gold"] += 25  # what another command committed while this one worked

    def slow_setup(*args, **kwargs):
        sheet.write_text(json.dumps(other, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return real(*args, **kwargs)

    monkeypatch.setattr(setup_rule, "setup", slow_setup)
    log_before = log_of(sheet).read_bytes()
    result = rf("setup", sheet)
    assert result.exit_code == 1 and "changed by another command meanwhile" in result.output
    assert json.loads(sheet.read_text(encoding="utf-8")) == other
    assert log_of(sheet).read_bytes() == log_before
