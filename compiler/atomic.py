"""Atomic file writes: write to a temporary file in the same directory, then os.replace;
and the exchange of two paths in one step (a build's output folder, runeforge.outdir).

A reader (or a crashed build) never sees a half-written file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from pathlib import Path

# the names write_bytes_atomic gives its temporary files: mkstemp's 8 random characters
TEMP_NAME = re.compile(r"\A\..+\.[A-Za-z0-9_]{8}\.tmp\Z", re.S)


def write_bytes_atomic(path: str | os.PathLike, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically, creating parent directories."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # here: every command imports this module, few write a file (issue 38)

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is None and path.exists():
            mode = path.stat().st_mode & 0o777
        os.chmod(tmp, mode if mode is not None else 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_text_atomic(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` atomically. Line ends are written as given (no translation)."""
    write_bytes_atomic(path, text.encode(encoding))


def output_problem(path: str | os.PathLike, *, directory: bool,
                   parents: bool = True) -> str | None:
    """Why ``path`` cannot be written, checked before any work starts (None: it can be).

    ``directory``: the path is an output folder (else a file written in its folder).
    ``parents``: missing folders on the way are created by the writer (else they must
    exist). Only what can be known beforehand is checked: a later write may still fail.
    """
    path = Path(os.path.abspath(path))
    if path.exists() or path.is_symlink():
        if directory and not path.is_dir():
            return f"{path} exists and is not a directory"
        if not directory and path.is_dir():
            return f"{path} is a directory"
        folder = path if directory else path.parent
    else:
        folder = path if directory else path.parent
        if not parents and not folder.is_dir():
            return (f"the folder {folder} does not exist" if not folder.exists() else
                    f"{folder} is not a directory")
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            return f"{folder} is not a directory"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable"
    return None


def remove_stale_temps(folders=(), targets=()) -> list[Path]:
    """Remove the temporary files of :func:`write_bytes_atomic`'s naming (``.NAME.XXXXXXXX.tmp``)
    that a killed run left behind; return what was removed.

    In each of ``folders`` (not below it: a command names the folders it owns) every such
    file goes; beside each of ``targets`` only those of that file's name. Only regular files
    are removed."""
    removed = []
    wanted = [(Path(f), None) for f in folders]
    wanted += [(Path(t).parent, Path(t).name) for t in targets]
    for folder, name in wanted:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for entry in names:
            if not TEMP_NAME.match(entry) or (name is not None and not (
                    entry.startswith(f".{name}.") and len(entry) == len(name) + 14)):
                continue
            path = folder / entry
            try:
                if stat.S_ISREG(os.lstat(path).st_mode):
                    os.unlink(path)
                    removed.append(path)
            except FileNotFoundError:
                continue
            except OSError:
                pass
    return removed


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (``renameat2(RENAME_EXCHANGE)`` on Linux,
    ``renamex_np(RENAME_SWAP)`` on macOS); False when this system or file system cannot."""
    import ctypes  # here: only an exchange needs it (~3 ms of every command's start)

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:  # pragma: no cover
        return False
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        result = libc.renameat2(-100, os.fsencode(a), -100, os.fsencode(b), 2)  # AT_FDCWD,
    elif sys.platform == "darwin" and hasattr(libc, "renamex_np"):  # RENAME_EXCHANGE
        result = libc.renamex_np(os.fsencode(a), os.fsencode(b), 2)  # RENAME_SWAP
    else:  # pragma: no cover
        return False
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
