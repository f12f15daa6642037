"""A pack as one file a person can send: ``runeforge pack DIR`` writes a zip archive of the
pack's YAML, its catalogs (``locales/``) and its art, with ``runeforge-pack.json``: the
Runeforge version, the pack's files with their SHA-256 and size, and a content digest over
them. ``check ARCHIVE`` and ``build ARCHIVE`` open it into a temporary folder and take that
as they take a folder.

Opening refuses (RF005, an error at the archive) what could reach outside the folder or
fill the disk: absolute paths and ``..`` parts, links, a missing or wrong manifest, a file
whose digest differs, more than :data:`MAX_FILES` files, a file over :data:`MAX_FILE` or
a total over :data:`MAX_TOTAL` bytes (uncompressed, as the archive declares and as read).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from . import __version__
from .diagnostics import Diagnostic, DiagnosticError

MANIFEST = "runeforge-pack.json"
SUFFIX = ".rfpack"
MAX_FILES = 5000
MAX_FILE = 50 * 1024 * 1024
MAX_TOTAL = 200 * 1024 * 1024
SKIP = {"__pycache__", ".git", ".hg", ".svn"}
_STAMP = (1980, 1, 1, 0, 0, 0)  # fixed times: the same pack gives the same bytes


def _refuse(path, message: str, hint: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic("RF005", message, str(path), hint=hint))


def pack_files(root: Path) -> list[Path]:
    """The files of a pack folder, sorted (hidden files and VCS folders left out); a link
    is refused: an archive carries files, not references to elsewhere."""
    out = []
    for path in sorted(root.rglob("*"), key=lambda p: p.relative_to(root).as_posix()):
        rel = path.relative_to(root)
        if any(part in SKIP or part.startswith(".") for part in rel.parts):
            continue
        if path.is_symlink():
            raise _refuse(path, "a pack may not hold a link", "copy the file into the pack")
        if path.is_file():
            out.append(path)
    return out


def digest_of(entries: list[dict]) -> str:
    h = hashlib.sha256()
    for e in sorted(entries, key=lambda e: e["path"]):
        h.update(f"{e['path']}\0{e['sha256']}\0{e['size']}\n".encode())
    return h.hexdigest()


def write_archive(root, out=None) -> Path:
    """Write the archive of the pack folder ``root`` (default: ``<root name>.rfpack``
    beside it) and return its path."""
    root = Path(root)
    if not (root / "manifest.yaml").is_file() and not (root / "manifest.yml").is_file():
        raise _refuse(root, "not a pack folder: no manifest.yaml",
                      "give the folder that holds the pack's manifest.yaml")
    out = Path(out) if out else root.resolve().parent / f"{root.resolve().name}{SUFFIX}"
    files, entries = pack_files(root), []
    for path in files:
        data = path.read_bytes()
        entries.append({"path": path.relative_to(root).as_posix(), "size": len(data),
                        "sha256": hashlib.sha256(data).hexdigest()})
    manifest = {"format": 1, "runeforge": __version__, "files": entries,
                "digest": digest_of(entries)}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, entry in zip(files, entries, strict=True):
            zf.writestr(zipfile.ZipInfo(entry["path"], _STAMP), path.read_bytes())
        zf.writestr(zipfile.ZipInfo(MANIFEST, _STAMP),
                    json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return out


def is_archive(path) -> bool:
    p = Path(path)
    return p.is_file() and zipfile.is_zipfile(p)


def _safe_name(name: str) -> bool:
    p = PurePosixPath(name)
    return (bool(name) and not p.is_absolute() and ".." not in p.parts and "\\" not in name
            and ":" not in name and not name.startswith("/"))


def open_archive(path, into=None) -> Path:
    """Check the archive at ``path`` and extract it into ``into`` (default: a new temporary
    folder); return the pack folder. Raises DiagnosticError RF005 for what it refuses."""
    path = Path(path)
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as err:
        raise _refuse(path, f"not a pack archive: {err}",
                      "make one with `runeforge pack DIR`") from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_FILES:
            raise _refuse(path, f"the archive holds {len(infos)} files (at most {MAX_FILES})",
                          "a pack archive holds one pack")
        total = 0
        for info in infos:
            if not _safe_name(info.filename):
                raise _refuse(path, f"the archive's path {info.filename!r} points outside it",
                              "an archive's paths are relative, without '..'")
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise _refuse(path, f"{info.filename!r} is a link", "packs hold files only")
            if info.file_size > MAX_FILE:
                raise _refuse(path, f"{info.filename!r} is {info.file_size} bytes (at most "
                              f"{MAX_FILE})", "shrink the file (art: a smaller image)")
            total += info.file_size
        if total > MAX_TOTAL:
            raise _refuse(path, f"the archive unpacks to {total} bytes (at most {MAX_TOTAL})",
                          "leave out what the pack does not need")
        names = {i.filename for i in infos}
        if MANIFEST not in names:
            raise _refuse(path, f"the archive has no {MANIFEST}",
                          "make it with `runeforge pack DIR`")
        try:
            manifest = json.loads(zf.read(MANIFEST))
            listed = {e["path"]: e for e in manifest["files"]}
        except (ValueError, KeyError, TypeError) as err:
            raise _refuse(path, f"{MANIFEST} cannot be read: {err}",
                          "make the archive again with `runeforge pack DIR`") from None
        if digest_of(list(listed.values())) != manifest.get("digest"):
            raise _refuse(path, "the content digest does not match the file list",
                          "the archive was changed after it was made")
        if set(listed) != names - {MANIFEST} or any(i.is_dir() for i in infos):
            raise _refuse(path, "the archive's files differ from its manifest",
                          "the archive was changed after it was made")
        if into is None:  # removed when the process ends
            into = tempfile.mkdtemp(prefix="runeforge-pack-")
            atexit.register(shutil.rmtree, into, ignore_errors=True)
        target = Path(into)
        root = target / "pack"
        read = 0
        for info in infos:
            if info.filename == MANIFEST:
                continue
            data = _read_limited(zf, info)
            read += len(data)
            entry = listed[info.filename]
            if (len(data) != entry["size"] or read > MAX_TOTAL
                    or hashlib.sha256(data).hexdigest() != entry["sha256"]):
                raise _refuse(path, f"{info.filename!r} does not match its digest",
                              "the archive was changed after it was made")
            dest = root / PurePosixPath(info.filename)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
    return root


def _read_limited(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The member's bytes, never more than its declared size (a lying header is caught)."""
    with zf.open(info) as fh:
        data = fh.read(info.file_size + 1)
    if len(data) > info.file_size:
        raise DiagnosticError(Diagnostic("RF005", f"{info.filename!r} is larger than declared",
                                         str(zf.filename), hint="the archive is corrupt"))
    return data


def expand_dirs(dirs) -> tuple[str, ...]:
    """``dirs`` with every pack archive replaced by the folder it opens into."""
    return tuple(str(open_archive(d)) if is_archive(d) else d for d in dirs)
