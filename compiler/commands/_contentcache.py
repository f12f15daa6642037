"""A per-user cache of loaded content and compiled IR for the read-only commands (odds,
balance), keyed by everything the result depends on.

The key hashes the bytes of every YAML file of every content directory (the bundled cards/
and the DIRS given, found as the loader finds them), the compiler's own files (size and
modification time of every .py/.json/.lark file of the runeforge packages), the runeforge
and Python versions. Any change gives a new key; only content without errors is stored.

Location: ``$RUNEFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/runeforge``, else
``~/.cache/runeforge``; created 0700 and used only if owned by the current user and not
writable by others (the entries are pickles). ``RUNEFORGE_NO_CACHE=1`` turns it off. Every
cache failure falls back to loading normally.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import stat
import sys
from pathlib import Path

KEEP = 8  # entries of each kind kept; older ones are removed when a new one is written


def cache_dir() -> Path | None:
    if os.environ.get("RUNEFORGE_NO_CACHE"):
        return None
    base = os.environ.get("RUNEFORGE_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "runeforge"


def _safe(directory: Path) -> bool:
    try:
        st = directory.stat()
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return stat.S_ISDIR(st.st_mode) and owner_ok and not st.st_mode & 0o022


def key(dirs) -> str | None:
    """The cache key of loading ``dirs`` after the bundled content (None: cache off)."""
    if cache_dir() is None:
        return None
    import runeforge
    from runeforge.loader import bundled_dir, yaml_files

    h = hashlib.sha256()
    h.update(f"{runeforge.__version__}|{sys.version}|".encode())
    for root in [bundled_dir(), *map(Path, dirs)]:
        h.update(f"dir:{os.path.realpath(root)}\n".encode())
        if not root.is_dir():
            return None  # the loader reports it; nothing to cache
        for path in yaml_files(root):
            h.update(f"{path.relative_to(root).as_posix()}\n".encode())
            h.update(hashlib.sha256(path.read_bytes()).digest())
    for package in ("runeforge", "runeforge.dsl", "runeforge.engine"):
        code = Path(importlib.util.find_spec(package).origin).parent
        for path in sorted(code.rglob("*")):
            if path.suffix in (".py", ".json", ".lark"):
                st = path.stat()
                h.update(f"{package}/{path.relative_to(code).as_posix()}:{st.st_size}:"
                         f"{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def get(key_: str | None, kind: str):
    directory = cache_dir()
    if key_ is None or directory is None or not _safe(directory):
        return None
    try:
        with open(directory / f"{kind}-{key_}.pickle", "rb") as fh:
            return pickle.load(fh)
    except Exception:  # noqa: BLE001 - a missing or stale entry: load normally
        return None


def put(key_: str | None, kind: str, value) -> None:
    directory = cache_dir()
    if key_ is None or directory is None:
        return
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _safe(directory):
            return
        from runeforge.atomic import write_bytes_atomic

        write_bytes_atomic(directory / f"{kind}-{key_}.pickle",
                           pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), mode=0o600)
        old = sorted(directory.glob(f"{kind}-*.pickle"), key=lambda p: p.stat().st_mtime_ns)
        for path in old[:-KEEP]:
            path.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001 - the cache is an optimisation only
        return
