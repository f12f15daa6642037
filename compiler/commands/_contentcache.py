"""A per-user cache of loaded content and compiled IR for the read-only commands (odds,
balance), keyed by everything the result depends on.

The key hashes the bytes of every YAML file of every content directory (the bundled cards/
and the DIRS given, found as the loader finds them and read as it reads them: regular files
of at most the loader's size limit, so a FIFO or a /dev/zero symlink never blocks or fills
memory; with such a file there is no key and no cache), the size and modification time of
every other regular file there (a pack's own catalogs, its art), the compiler's own files
(size and modification time of every .py/.json/.lark file of the runeforge packages, and of
the bundled catalogs and term tables), the runeforge and Python versions. Any change gives a new key; only content without errors is stored.

Entries are JSON data (:mod:`._contentcodec`), checked field by field when read; nothing in
an entry is executed. Location: ``$RUNEFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/runeforge``,
else ``~/.cache/runeforge``; created 0700. The folder is opened once with ``O_NOFOLLOW``
and checked on the open handle (a directory owned by the current user, not writable by group
or others); every entry is opened relative to that handle with ``O_NOFOLLOW`` and checked the
same way (a regular file of the user, not writable by others, at most :data:`MAX_ENTRY_BYTES`),
so a symlink swapped in between a check and a use is never followed. Writes go to a temp
file in the same folder and are renamed into place. ``RUNEFORGE_NO_CACHE=1`` turns the cache
off. Every cache failure falls back to loading normally.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import hashlib
import importlib.util
import json
import os
import stat
import sys
import time
from pathlib import Path

KEEP = 8  # entries of each kind kept; older ones are removed when a new one is written
MAX_ENTRY_BYTES = 64 * 1024 * 1024
SUFFIX = ".json"
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 600  # a temp file this old is a leftover of a killed write

_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
          | getattr(os, "O_CLOEXEC", 0))
_SUPPORTED = (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
              and os.open in os.supports_dir_fd and hasattr(os, "getuid"))


def cache_dir() -> Path | None:
    if os.environ.get("RUNEFORGE_NO_CACHE") or not _SUPPORTED:
        return None
    base = os.environ.get("RUNEFORGE_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "runeforge"


def _owned(st: os.stat_result) -> bool:
    """Owned by the current user and writable by no one else."""
    return st.st_uid == os.getuid() and not st.st_mode & 0o022


def _open_dir(create: bool) -> int | None:
    """A descriptor of the cache folder, or None when it is missing or not safe to use."""
    directory = cache_dir()
    if directory is None:
        return None
    try:
        if create:
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if not (stat.S_ISDIR(st.st_mode) and _owned(st)):
        os.close(fd)
        return None
    return fd


def _name(kind: str, key_: str) -> str:
    return f"{kind}-{key_}{SUFFIX}"


def key(dirs, code: str | None = None) -> str | None:
    """The cache key of loading ``dirs`` after the bundled content (None: cache off);
    ``code``: :func:`code_digest`, when the caller has it already."""
    if cache_dir() is None:
        return None
    import runeforge
    from runeforge.loader import bundled_dir, yaml_files
    from runeforge.yamlsafe import Unreadable, read_limited

    h = hashlib.sha256()
    h.update(f"{runeforge.__version__}|{sys.version}|".encode())
    for root in [bundled_dir(), *map(Path, dirs)]:
        h.update(f"dir:{os.path.realpath(root)}\n".encode())
        if not root.is_dir():
            return None  # the loader reports it; nothing to cache
        found = yaml_files(root)  # listed once: a third of the key's time was a second walk
        for path in found:
            h.update(f"{path.relative_to(root).as_posix()}\n".encode())
            try:
                h.update(hashlib.sha256(read_limited(path)).digest())
            except Unreadable:
                return None  # the loader reports the file; content with errors is not cached
        yaml = set(found)
        for path in _other_files(root):  # a pack's own catalogs, its art
            if path not in yaml:
                st = path.stat()
                h.update(f"file:{path.relative_to(root).as_posix()}:{st.st_size}:"
                         f"{st.st_mtime_ns}\n".encode())
    h.update((code if code is not None else code_digest()).encode())
    return h.hexdigest()


def code_digest() -> str:
    """The digest of the compiler's own files: the size and modification time of each."""
    h = hashlib.sha256()
    for package in ("runeforge", "runeforge.dsl", "runeforge.engine", "runeforge.locales"):
        code = Path(importlib.util.find_spec(package).origin).parent
        for parts, path in _code_files(str(code)):
            st = os.stat(path)
            h.update(f"{package}/{'/'.join(parts)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


_CODE_SUFFIXES = (".py", ".json", ".lark", ".po", ".yaml")


def _code_files(root: str) -> list[tuple[tuple[str, ...], str]]:
    """(parts relative to ``root``, path) of every entry below ``root`` with a code or data
    suffix, in the order and with the selection of ``sorted(Path(root).rglob("*"))`` (hidden
    entries too, symlinked folders listed but not entered), through os.walk: pathlib's
    objects were most of the key's time, which a cold check computes twice (issue 38)."""
    found = []
    for folder, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(folder, root)
        base = () if rel == "." else tuple(rel.split(os.sep))
        for name in dirnames + filenames:
            if _suffix(name) in _CODE_SUFFIXES:
                found.append((base + (name,), os.path.join(folder, name)))
    found.sort(key=lambda item: item[0])
    return found


def _suffix(name: str) -> str:
    """PurePath(name).suffix."""
    i = name.rfind(".")
    return name[i:] if 0 < i < len(name) - 1 else ""


def _other_files(root: Path) -> list[Path]:
    """The regular files below ``root`` other than hidden ones, sorted: what a check reads
    besides the YAML (the catalogs under a pack's ``locales/``, the art its cards name), so
    translating a name or replacing a picture is another key."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
        for name in filenames:
            path = Path(dirpath) / name
            if not name.startswith(".") and path.is_file():
                found.append(path)
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def _read_entry(dir_fd: int, name: str) -> bytes | None:
    try:
        fd = os.open(name, _FLAGS, dir_fd=dir_fd)
    except OSError:
        return None  # missing, or a symlink (ELOOP with O_NOFOLLOW)
    try:
        st = os.fstat(fd)
        if not (stat.S_ISREG(st.st_mode) and _owned(st)) or st.st_size > MAX_ENTRY_BYTES:
            return None
        chunks, size = [], 0
        while size <= MAX_ENTRY_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= MAX_ENTRY_BYTES else None
    except OSError:
        return None
    finally:
        os.close(fd)


def get(key_: str | None, kind: str, **options):
    """The value stored under (``key_``, ``kind``), or None: missing, unsafe or malformed
    (``options``: of the kind's decoder)."""
    from ._contentcodec import BadEntry, decode_check, decode_content, decode_ir

    if key_ is None:
        return None
    dir_fd = _open_dir(create=False)
    if dir_fd is None:
        return None
    try:
        raw = _read_entry(dir_fd, _name(kind, key_))
    finally:
        os.close(dir_fd)
    if raw is None:
        return None
    try:
        # (the collector off meanwhile: an entry is some hundred thousand objects, and the
        # collections they set off were a tenth of a warm command's CPU time; issue 38)
        with cyclic_gc_paused():
            data = json.loads(raw.decode("utf-8"))
            decode = {"content": decode_content, "check": decode_check}.get(kind, decode_ir)
            return decode(data, **options)
    except (BadEntry, ValueError, RecursionError):
        return None  # not what put() writes: load normally


def _write_entry(dir_fd: int, name: str, raw: bytes) -> None:
    temp = f".{name}.{os.urandom(4).hex()}{TEMP_SUFFIX}"  # (secrets.token_hex(4))
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
             | getattr(os, "O_CLOEXEC", 0))
    fd = os.open(temp, flags, 0o600, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        try:
            os.unlink(temp, dir_fd=dir_fd)
        except OSError:
            pass
        raise


def _prune(dir_fd: int, kind: str) -> None:
    """Keep the newest :data:`KEEP` entries of ``kind``; remove temp files of killed writes
    and the pickles earlier versions wrote."""
    entries, now = [], time.time()
    for name in os.listdir(dir_fd):
        try:
            st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        except OSError:
            continue
        if name.startswith(f".{kind}-") and name.endswith(TEMP_SUFFIX):
            if now - st.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(name, dir_fd=dir_fd)
        elif name.startswith(f"{kind}-") and name.endswith(".pickle"):
            os.unlink(name, dir_fd=dir_fd)  # an entry of the old pickle cache: never read
        elif name.startswith(f"{kind}-") and name.endswith(SUFFIX):
            entries.append((st.st_mtime_ns, name))
    for _, name in sorted(entries)[:-KEEP]:
        os.unlink(name, dir_fd=dir_fd)


def put(key_: str | None, kind: str, value) -> None:
    from ._contentcodec import encode_check, encode_content, encode_ir, json_kept

    if key_ is None:
        return
    try:
        encode = {"content": encode_content, "check": encode_check}.get(kind, encode_ir)
        data = encode(value, verify=False)
        # check_circular off: a cycle cannot come from the encoders, and would still end in a
        # RecursionError (caught below) instead of the check's ValueError
        raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                         check_circular=False).encode("utf-8")
        # what JSON does not keep (a tuple, a key that is not a string) is not stored: the
        # files' data is checked type by type as it is encoded, the rest written and read
        # back (the encoders' own round trip made a second text of the whole entry, a tenth
        # of a cold check's time, and reading the whole text back another; issue 38)
        if not json_kept(data):
            return
    except (ValueError, TypeError, RecursionError, KeyError):
        return  # not data the cache can keep: nothing stored
    if len(raw) > MAX_ENTRY_BYTES:
        return
    dir_fd = _open_dir(create=True)
    if dir_fd is None:
        return
    try:
        _write_entry(dir_fd, _name(kind, key_), raw)
        _prune(dir_fd, kind)
    except OSError:
        return  # the cache is an optimisation only
    finally:
        os.close(dir_fd)


def check_key(dirs, code: str | None = None) -> str | None:
    """The key of a whole check of ``dirs`` after the bundled content: :func:`key` and the
    working directory (diagnostics name files relative to it)."""
    base = key(dirs, code)
    if base is None:
        return None
    return hashlib.sha256(f"{base}|check|{os.getcwd()}".encode()).hexdigest()


def checked(dirs, run_ir: bool = True, fresh=None):
    """``pipeline.check(dirs)`` (the bundled content, then ``dirs``, compiled), from the cache
    when the same files were checked by the same Runeforge in the same folder before: a warm
    run reads no YAML, validates no schema and parses no ability. ``run_ir`` false (`check`,
    which only counts the IR): a cached result's IR is neither checked nor kept. ``fresh``:
    what computes the result on a miss (default ``pipeline.check(dirs)``)."""
    from runeforge import pipeline

    code = code_digest() if cache_dir() is not None else None
    key_ = check_key(dirs, code)
    hit = get(key_, "check", run_ir=run_ir)
    if hit is not None:
        content, diags, compiled = hit
        return pipeline.CheckResult(content, compiled, diags)
    _no_collection_at_exit()
    with cyclic_gc_paused():
        result = fresh() if fresh is not None else pipeline.check(dirs)
        # kept only when no content file changed while it was checked (else it is not the
        # key's result); the compiler's own files are not listed again (the modules of this
        # run were read when it started, a later change is a later run's key; issue 38)
        if key_ is not None and not any(d.code in ("RF001", "RF004") for d in result.diagnostics) \
                and check_key(dirs, code) == key_:
            put(key_, "check", result)
    return result


_AT_EXIT: list = []


def _no_collection_at_exit() -> None:
    """At the interpreter's exit, after the exit handlers registered before this one, every
    object is moved out of the collector's sight (``gc.freeze``): the exit's own collections
    then skip the check's million objects, which cost a cold check another tenth of its CPU
    time (issue 38). Nothing is left unflushed by it: the process's own streams are flushed
    by the interpreter, the cache entry is written and closed before, and an object that
    only a cycle holds was garbage already."""
    if not _AT_EXIT:
        _AT_EXIT.append(True)
        atexit.register(gc.freeze)


@contextlib.contextmanager
def cyclic_gc_paused():
    """Python's cyclic garbage collector off while a whole check is computed, on again after
    (issue 38). A check allocates some million containers (YAML nodes, data, ASTs, IR) that
    live until it ends; every few hundred allocations the collector ran and every tenth of
    those runs walked all of them again: ~a third of a cold check's CPU time. Reference
    counting still frees everything that is not a cycle, and the collector sees what the
    check left once it is back on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if not gc.get_freeze_count():
                # the check's objects straight into the oldest generation: re-enabled, the
                # collector's next young collection would otherwise walk all of them (they
                # are all young, counted while it was off), 65 ms of a cold check; a later
                # full collection still sees them, so no cycle is kept for good (issue 38)
                gc.freeze()
                gc.unfreeze()
            gc.enable()
