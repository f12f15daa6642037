"""The output folder of `runeforge build` as one transaction: lock, stage, switch.

A build writes its whole output into a staging folder and switches it in at the end, so a
reader, a failed build and a killed one all see the previous output or the new one, never a
mix of both:

* **Folder switch** (the usual case): the staging folder ``.<name>.staging-XXXXXXXX`` is made
  beside ``--out`` (same file system) and exchanged with it in one step:
  ``renameat2(RENAME_EXCHANGE)`` on Linux, ``renamex_np(RENAME_SWAP)`` on macOS. Where the
  file system cannot exchange, two renames put the old folder aside first
  (``.<name>.old-XXXXXXXX``) and a build killed between them is rolled back by the next one.
* **Entry switch**, when the folder itself cannot be replaced (a mount point, the current
  folder or one above it, a folder inside a read-only parent): the staging folder is made
  inside it (``.runeforge-staging``) and the build's top-level entries (``bundle.json``,
  ``text/``, ``pdf/``, ...) are moved in one by one under a journal
  (``.runeforge-switch.json``); the next build completes a switch that was killed half-way.

The build's manifest, ``.runeforge-build.json``, is the last file written into the staging
folder: every file the build made, with its SHA-256. The next build reads it to tell the
stale files of an earlier build (removed) from files someone else keeps in the folder
(carried into the new output, by hard link where possible). A lock (``flock`` on
``.<name>.lock`` beside the folder, inside it when the parent is read-only) keeps two builds
out of one folder: the second is refused at once, naming the first's process id.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import TEMP_NAME, exchange, fsync_dir, write_bytes_atomic

MANIFEST = ".runeforge-build.json"
JOURNAL = ".runeforge-switch.json"
INSIDE_STAGING = ".runeforge-staging"
INSIDE_LOCK = ".runeforge-build.lock"
OWN_NAMES = {MANIFEST, JOURNAL, INSIDE_STAGING, INSIDE_LOCK}


class OutputError(Exception):
    """The output could not be switched in; ``path`` is the real file (never a temporary
    one), the previous output is unchanged."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


class OutputBusy(OutputError):
    """Another build holds the folder's lock."""


@dataclass
class Switched:
    """What a commit did besides writing the build's files."""

    stale: list[str] = field(default_factory=list)  # files of an earlier build, removed
    temps: list[str] = field(default_factory=list)  # a killed older build's .tmp files
    kept: int = 0  # files carried over that no build made
    recovered: str | None = None  # a killed build's switch that this one finished


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


# -- the lock --------------------------------------------------------------------------


def lock_path(out: Path) -> Path:
    real = Path(os.path.realpath(out))
    parent = real.parent
    if real != parent and os.access(parent, os.W_OK | os.X_OK):
        return parent / f".{real.name}.lock"
    return real / INSIDE_LOCK


@contextlib.contextmanager
def locked(out: Path):
    """Hold ``out``'s build lock; raise :class:`OutputBusy` at once when another has it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock (Windows): build without the lock
        yield
        return
    path = lock_path(out)
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:  # a full disk has no room for the lock file either
            raise OutputError(Path(out), _reason(exc)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise OutputBusy(Path(out), "another build is writing to this folder"
                             + (f" (process {holder})" if holder.isdigit() else "")) from None
        try:  # the holder before us may have removed the file: lock the one that is there
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        with contextlib.suppress(OSError):  # the id is a courtesy: a full disk has no room
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(fd)


# -- switching folders -----------------------------------------------------------------


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def in_place(real: Path, keep_inside=()) -> bool:
    """True when ``real`` cannot be replaced as a whole (entry switch)."""
    parent = real.parent
    if real == parent or (real.exists() and os.path.ismount(real)):
        return True
    if not os.access(parent, os.W_OK | os.X_OK):
        return True
    inside = [Path.cwd().resolve(), *(Path(p).resolve() for p in keep_inside)]
    return any(p == real or real in p.parents for p in inside)


def recover(out: Path) -> str | None:
    """Finish or undo a switch that a killed build left (call under the lock); say which."""
    real = Path(os.path.realpath(out))
    journal = real / JOURNAL
    if journal.is_file():
        _entry_switch(real, json.loads(journal.read_text(encoding="utf-8")))
        return "finished"
    done = None
    for aside in sorted(real.parent.glob(f".{real.name}.old-*")):
        if not real.exists() and aside.is_dir():
            os.rename(aside, real)  # killed between the two renames: the old one is back
            done = "rolled back"
        else:
            _remove(aside)
    for staging in real.parent.glob(f".{real.name}.staging-*"):
        _remove(staging)
    _remove(real / INSIDE_STAGING)
    return done


def _entry_switch(real: Path, plan: dict, undo: list | None = None) -> None:
    """Move each planned entry of the staging folder in, the replaced one aside. Idempotent:
    the next build finishes a killed switch by running it again. ``undo`` collects the
    moves made, for :func:`_undo` when one fails."""
    staging, aside = real / plan["staging"], real / plan["staging"] / ".replaced"
    aside.mkdir(exist_ok=True)
    for name in plan["entries"]:
        new, old = staging / name, real / name
        if os.path.lexists(new) or name in plan["remove"]:
            if os.path.lexists(old):
                os.rename(old, aside / name)
                if undo is not None:
                    undo.append((aside / name, old))
            if name not in plan["remove"]:
                os.rename(new, old)
                if undo is not None:
                    undo.append((old, new))
    fsync_dir(real)
    os.unlink(real / JOURNAL)
    _remove(staging)


def _undo(moves: list) -> None:
    for done, was in reversed(moves):
        os.rename(done, was)


# -- staging ---------------------------------------------------------------------------


def read_manifest(folder: Path) -> dict[str, str]:
    """``{relpath: sha256}`` of the build that made ``folder`` (empty when none did)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data["files"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def manifest_bytes(files: dict[str, bytes]) -> bytes:
    data = {"format": "runeforge-build-manifest", "format_version": 1,
            "files": {rel: hashlib.sha256(files[rel]).hexdigest() for rel in sorted(files)}}
    return (json.dumps(data, sort_keys=True, indent=1) + "\n").encode("utf-8")


class _Stage:
    def __init__(self, out: Path, staging: Path, files: dict[str, bytes], old: Path | None):
        self.out, self.staging, self.files, self.old = out, staging, files, old
        self.dirs = {p.as_posix() for rel in files for p in Path(rel).parents} - {"."}
        self.previous = read_manifest(old) if old is not None else {}
        self.owned = self.dirs | {p.as_posix() for rel in self.previous
                                  for p in Path(rel).parents} - {"."}
        self.report = Switched()

    def mode_of(self, rel: str, default: int) -> int:
        with contextlib.suppress(OSError):
            if self.old is not None:
                return stat.S_IMODE(os.lstat(self.old / rel).st_mode)
        return default

    def writable(self) -> None:
        """Refuse a folder of the old output the build writes to but its owner made
        read-only: the build would replace what it may not change."""
        for rel in sorted(self.dirs):
            path = self.old / rel if self.old is not None else None
            if path is not None and path.is_dir() and not os.access(path, os.W_OK | os.X_OK):
                raise OutputError(self.out / rel, "the folder is not writable")

    def write(self) -> None:
        for rel in sorted(set(self.files) - {MANIFEST}) + [MANIFEST]:  # the manifest last
            try:
                (self.staging / rel).parent.mkdir(parents=True, exist_ok=True)
                write_file(self.staging / rel, self.files[rel], self.mode_of(rel, 0o644))
            except OSError as exc:
                raise OutputError(self.out / rel, _reason(exc)) from None

    def folder_modes(self) -> None:
        """The new folders get the modes of the old ones (after everything is in them)."""
        default = 0o777 & ~_umask()
        for rel in sorted(self.dirs, key=lambda r: -r.count("/")):
            os.chmod(self.staging / rel, self.mode_of(rel, default))

    def carry(self, below: str = "", owned_only: bool = False) -> None:
        """Carry what no build made from the old folder into the staging folder."""
        if self.old is None:
            return
        try:
            entries = sorted(os.scandir(self.old / below), key=lambda e: e.name)
        except OSError as exc:
            raise OutputError(self.out / below, _reason(exc)) from None
        for entry in entries:
            rel = f"{below}/{entry.name}" if below else entry.name
            if not below and entry.name in OWN_NAMES:
                continue
            is_dir = entry.is_dir(follow_symlinks=False)
            if rel in self.files:
                if is_dir:
                    raise OutputError(self.out / rel,
                                      "a folder is in the way of the file the build writes")
                continue
            if rel in self.dirs:
                if not is_dir:
                    raise OutputError(self.out / rel,
                                      "a file is in the way of the folder the build writes")
                self.carry(rel)
                continue
            if rel in self.previous:
                self.report.stale.append(rel)
                continue
            if TEMP_NAME.match(entry.name) and (below in self.dirs or not below) \
                    and entry.is_file(follow_symlinks=False):
                self.report.temps.append(rel)
                continue
            if is_dir and rel in self.owned:
                self.carry(rel)  # a folder only an earlier build wrote to: keep what is not its
                continue
            if owned_only and not below:
                continue  # entry switch: what the build does not own stays where it is
            self._keep(rel, is_dir)

    def _keep(self, rel: str, is_dir: bool) -> None:
        src, dst = self.old / rel, self.staging / rel
        try:
            dst.parent.mkdir(parents=True, exist_ok=True)
            if is_dir:
                shutil.copytree(src, dst, symlinks=True, copy_function=_link_or_copy)
            elif src.is_symlink():
                os.symlink(os.readlink(src), dst)
            else:
                _link_or_copy(src, dst)
            self.report.kept += 1
        except (OSError, shutil.Error) as exc:
            reason = _reason(exc) if isinstance(exc, OSError) else "cannot be copied"
            raise OutputError(self.out / rel, f"cannot be kept in the new output: {reason}") \
                from None


def write_file(path: Path, data: bytes, mode: int) -> None:
    """Write one new file of the staging folder, to the disk."""
    with open(path, "xb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(path, mode)


def _link_or_copy(src, dst) -> None:
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError:
        shutil.copy2(src, dst, follow_symlinks=False)


# -- the transaction -------------------------------------------------------------------


def commit(out: str | os.PathLike, files: dict[str, bytes], keep_inside=()) -> Switched:
    """Make ``out`` hold exactly ``files`` (relative POSIX paths -> bytes) plus whatever
    no build made, in one switch. Call under :func:`locked`. On failure raise
    :class:`OutputError` naming the file that could not be written; ``out`` is unchanged."""
    display = Path(out)
    real = Path(os.path.realpath(out))
    files = {**files, MANIFEST: manifest_bytes(files)}
    recovered = recover(out)
    entry_mode = in_place(real, keep_inside)
    old = real if real.is_dir() else None
    try:
        if entry_mode:
            real.mkdir(parents=True, exist_ok=True)
            staging = real / INSIDE_STAGING
            staging.mkdir()
        else:
            real.parent.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(dir=real.parent, prefix=f".{real.name}.staging-"))
            mode = stat.S_IMODE(real.stat().st_mode) if old else 0o777 & ~_umask()
            os.chmod(staging, mode)
    except OSError as exc:
        raise OutputError(display, _reason(exc)) from None
    stage = _Stage(display, staging, files, old)
    stage.report.recovered = recovered
    try:
        stage.writable()
        stage.write()
        stage.carry(owned_only=entry_mode)
        stage.folder_modes()
        fsync_dir(staging)
        if entry_mode:
            _switch_entries(real, staging, stage)
        else:
            _switch_folder(real, staging, display)
    except BaseException:
        if not (entry_mode and (real / JOURNAL).exists()):  # past the commit point the
            _remove(staging)  # next build finishes the switch from the staging folder
        raise
    return stage.report


def _switch_folder(real: Path, staging: Path, display: Path) -> None:
    try:
        if not real.exists():
            os.rename(staging, real)
        elif exchange(staging, real):
            _remove(staging)  # now the old output
        else:
            aside = Path(tempfile.mkdtemp(dir=real.parent, prefix=f".{real.name}.old-"))
            os.rename(real, aside)  # replaces the empty folder mkdtemp made
            os.rename(staging, real)
            _remove(aside)
    except OSError as exc:
        raise OutputError(display, _reason(exc)) from None
    fsync_dir(real.parent)


def _switch_entries(real: Path, staging: Path, stage: _Stage) -> None:
    made = set(os.listdir(staging))
    owned = {Path(rel).parts[0] for rel in stage.previous} - made
    remove = sorted(name for name in owned if os.path.lexists(real / name))
    names = sorted(made - {MANIFEST}) + remove + [MANIFEST]
    plan = {"staging": INSIDE_STAGING, "entries": names, "remove": remove}
    try:
        write_bytes_atomic(real / JOURNAL, json.dumps(plan).encode("utf-8"))
    except OSError as exc:
        raise OutputError(stage.out / JOURNAL, _reason(exc)) from None
    moves: list = []
    try:
        _entry_switch(real, plan, moves)
    except OSError as exc:  # e.g. a folder that may not be moved: put everything back
        _undo(moves)
        os.unlink(real / JOURNAL)
        raise OutputError(stage.out / Path(exc.filename or "").name
                          if exc.filename else stage.out, _reason(exc)) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
