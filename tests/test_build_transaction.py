"""A build is one transaction (issue 37): its output is staged and switched in whole, so a
failed or killed build leaves the previous output exactly as it was, a write error names the
real file (never a temporary one), a lock keeps two builds out of one folder, and files of an
earlier build that this one does not make are removed while files no build made are kept."""

from __future__ import annotations

import errno
import hashlib
import json
import os
from pathlib import Path

import pytest

from runeforge import outdir
from runeforge.outdir import MANIFEST, OutputBusy, OutputError, commit, locked, recover

OLD = {"bundle.json": b"old bundle", "text/en.json": b"old en", "pdf/core-en.pdf": b"%PDF old",
       "pdf/gone-en.pdf": b"%PDF stale"}
NEW = {"bundle.json": b"new bundle", "text/en.json": b"new en", "text/fi.json": b"new fi",
       "pdf/core-en.pdf": b"%PDF new"}


def state(folder: Path) -> dict[str, str]:
    """Every file and folder below ``folder``: path -> digest (folders: '/')."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = "/" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and p.name != MANIFEST}


def beside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir() if p.name != folder.name)


@pytest.fixture(params=["folder", "entries"])
def out(request, tmp_path, monkeypatch):
    """An output folder holding an earlier build (OLD) and a file of the user's; switched
    as a whole, or entry by entry (as a mount point or the current folder is)."""
    if request.param == "entries":
        monkeypatch.setattr(outdir, "in_place", lambda real, keep=(): True)
    folder = tmp_path / "out"
    commit(folder, OLD)
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "pdf" / "mine.txt").write_text("also mine", encoding="utf-8")
    return folder


def test_a_build_replaces_its_files_removes_its_stale_ones_and_keeps_the_users(out):
    report = commit(out, NEW)
    assert files_of(out) == {**NEW, "notes.txt": b"mine", "pdf/mine.txt": b"also mine"}
    assert report.stale == ["pdf/gone-en.pdf"] and report.kept >= 1
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["files"] == {k: hashlib.sha256(v).hexdigest() for k, v in NEW.items()}
    assert beside(out) == []  # no staging folder, no lock, no old folder left
    assert not (out / outdir.INSIDE_STAGING).exists()


def test_the_manifest_is_deterministic(tmp_path):
    commit(tmp_path / "a", NEW)
    commit(tmp_path / "b", dict(reversed(NEW.items())))
    assert (tmp_path / "a" / MANIFEST).read_bytes() == (tmp_path / "b" / MANIFEST).read_bytes()


def test_a_full_disk_leaves_the_old_output_and_names_the_real_file(out, monkeypatch):
    before = state(out)
    written = []
    real_write = outdir.write_file

    def full_disk(path, data, mode):  # the third file of the build finds the disk full
        if len(written) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)
        real_write(path, data, mode)

    monkeypatch.setattr(outdir, "write_file", full_disk)
    with pytest.raises(OutputError) as info:
        commit(out, NEW)
    assert info.value.path == out / sorted(NEW)[2]  # the target, not the staging copy
    assert info.value.reason == "No space left on device"
    assert ".tmp" not in str(info.value) and "staging" not in str(info.value)
    assert state(out) == before and beside(out) == []


@pytest.mark.parametrize("blocker, words", [("pdf", "a file is in the way of the folder"),
                                            ("bundle.json", "a folder is in the way of the file")])
def test_a_blocker_where_the_build_writes_leaves_the_old_output(tmp_path, blocker, words):
    out = tmp_path / "out"
    (out / "text").mkdir(parents=True)
    (out / "text" / "en.json").write_bytes(b"old en")
    if blocker == "pdf":
        (out / "pdf").write_bytes(b"a file named pdf")
    else:
        (out / "bundle.json").mkdir()
    before = state(out)
    with pytest.raises(OutputError) as info:
        commit(out, NEW)
    assert info.value.path == out / blocker and words in info.value.reason
    assert state(out) == before and beside(out) == []


def test_a_read_only_folder_of_the_old_output_stops_the_build(out, monkeypatch):
    before = state(out)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path).name != "pdf"
                        and real_access(path, mode))  # as pdf/ at 0o555 for its owner
    with pytest.raises(OutputError) as info:
        commit(out, NEW)
    assert info.value.path == out / "pdf" and info.value.reason == "the folder is not writable"
    assert state(out) == before and beside(out) == []


def test_the_new_folders_keep_the_modes_of_the_old_ones(tmp_path):
    out = tmp_path / "out"
    commit(out, OLD)
    (out / "pdf").chmod(0o750)
    commit(out, NEW)
    assert (out / "pdf").stat().st_mode & 0o777 == 0o750
    assert (out / "pdf" / "core-en.pdf").stat().st_mode & 0o777 == 0o644


def test_killed_during_an_entry_switch_the_next_build_finishes_it(out, monkeypatch):
    monkeypatch.setattr(outdir, "in_place", lambda real, keep=(): True)
    real_rename, moves = os.rename, []

    def killed_after_three(a, b):
        if len(moves) == 3:
            raise KeyboardInterrupt  # as a kill: no clean-up runs after this point
        moves.append((a, b))
        real_rename(a, b)

    monkeypatch.setattr(os, "rename", killed_after_three)
    with pytest.raises(KeyboardInterrupt):
        commit(out, NEW)
    monkeypatch.setattr(os, "rename", real_rename)
    assert (out / outdir.JOURNAL).exists()
    assert recover(out) == "finished"
    assert files_of(out) == {**NEW, "notes.txt": b"mine", "pdf/mine.txt": b"also mine"}
    assert not (out / outdir.JOURNAL).exists() and not (out / outdir.INSIDE_STAGING).exists()


def test_a_failing_move_in_an_entry_switch_is_undone(out, monkeypatch):
    monkeypatch.setattr(outdir, "in_place", lambda real, keep=(): True)
    before = state(out)
    real_rename, calls = os.rename, []

    def refused(a, b):
        calls.append(a)
        if len(calls) == 4:
            raise PermissionError(errno.EACCES, "Permission denied", str(a))
        real_rename(a, b)

    monkeypatch.setattr(os, "rename", refused)
    with pytest.raises(OutputError) as info:
        commit(out, NEW)
    assert info.value.reason == "Permission denied"
    assert state(out) == before


def test_without_an_exchange_a_build_killed_between_renames_is_rolled_back(tmp_path,
                                                                            monkeypatch):
    out = tmp_path / "out"
    commit(out, OLD)
    before = state(out)
    monkeypatch.setattr(outdir, "exchange", lambda a, b: False)
    real_rename, calls = os.rename, []

    def killed_between(a, b):
        calls.append(a)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real_rename(a, b)

    monkeypatch.setattr(os, "rename", killed_between)
    with pytest.raises(KeyboardInterrupt):
        commit(out, NEW)
    monkeypatch.setattr(os, "rename", real_rename)
    assert not out.exists()
    assert recover(out) == "rolled back"
    assert state(out) == before and beside(out) == []
    commit(out, NEW)  # and the two-rename switch itself works
    assert files_of(out) == NEW


def test_a_second_build_of_one_folder_is_refused_at_once(tmp_path):
    out = tmp_path / "out"
    with locked(out):
        with pytest.raises(OutputBusy) as info, locked(out):
            pass
        assert f"process {os.getpid()}" in info.value.reason
    with locked(out):  # released: the next one gets it
        pass
    assert beside(out) == []


def test_a_disk_too_full_for_the_lock_file_is_an_output_error(tmp_path, monkeypatch):
    out = tmp_path / "out"
    real_open = os.open

    def full(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", full)
    with pytest.raises(OutputError) as info, locked(out):
        pass
    assert info.value.path == out and info.value.reason == "No space left on device"
    monkeypatch.setattr(os, "open", real_open)

    def no_room(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", no_room)  # room for the lock, none for its process id
    with locked(out):
        pass


def fake_stages(monkeypatch, files):
    """`build` with the bundled content's check and stages replaced by ``files``."""
    from runeforge import backends, pipeline
    from runeforge.loader import load_content

    content = load_content([], include_bundled=False)
    monkeypatch.setattr(pipeline, "check", lambda dirs: pipeline.CheckResult(content))
    monkeypatch.setattr(backends, "STAGES", [("fake", f"{__name__}:_stage")])
    monkeypatch.setattr(f"{__name__}._FILES", files)


_FILES: dict = {}


def _stage(ctx):
    from runeforge.backends import Output

    return [Output(rel, data) for rel, data in _FILES.items()]


def test_build_says_in_one_line_which_file_could_not_be_written(cli, tmp_path, monkeypatch):
    out = tmp_path / "out"
    fake_stages(monkeypatch, OLD)
    assert cli("build", "--out", out, "--locale", "en").exit_code == 0
    before = state(out)
    fake_stages(monkeypatch, NEW)

    def full_disk(path, data, mode):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(outdir, "write_file", full_disk)
    res = cli("build", "--out", out, "--locale", "en")
    assert res.exit_code == 1
    assert res.stdout.strip().splitlines() == [
        f"{out / 'bundle.json'}: error[RF003]: cannot write output: No space left on device; "
        f"the previous output in {out} is unchanged"]
    assert state(out) == before
    res = cli("build", "--out", tmp_path / "new", "--locale", "en")
    assert res.exit_code == 1 and res.stdout.strip().endswith("; nothing was written")
    assert sorted(os.listdir(tmp_path)) == ["out"]


def test_build_removes_an_earlier_builds_files_and_says_so(cli, tmp_path, monkeypatch):
    out = tmp_path / "out"
    fake_stages(monkeypatch, OLD)
    assert cli("build", "--out", out, "--locale", "en").exit_code == 0
    fake_stages(monkeypatch, NEW)
    res = cli("build", "--out", out, "--locale", "en", "--layout-json", out / "layout.json")
    assert res.exit_code == 0, res.output
    assert "removed 1 file of an earlier build that this build does not make" in res.stderr
    assert set(files_of(out)) == set(NEW) | {"layout.json"}


def test_build_into_a_locked_folder_is_refused_before_the_work(cli, tmp_path, monkeypatch):
    from tests.test_fail_early import no_work_done

    no_work_done(monkeypatch)
    out = tmp_path / "out"
    with locked(out):
        res = cli("build", "--out", out)
    assert res.exit_code == 1
    assert "error[RF003]" in res.stdout and "another build is writing" in res.stdout
    assert f"process {os.getpid()}" in res.stdout and "choose another --out" in res.stdout


def test_folders_that_cannot_be_exchanged_switch_entry_by_entry(tmp_path, monkeypatch):
    from runeforge.outdir import in_place

    monkeypatch.chdir(tmp_path / ".")
    (tmp_path / "out" / "cards").mkdir(parents=True)
    assert not in_place(tmp_path / "out")
    assert in_place(tmp_path)  # the current folder, and one above it
    monkeypatch.chdir(tmp_path / "out")
    assert in_place(tmp_path / "out") and in_place(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert in_place(tmp_path / "out", keep_inside=[tmp_path / "out" / "cards"])
    assert in_place(Path("/"))  # a mount point
