"""The bundled content's check, compiled once and shipped with the package (issue 38).

What a `runeforge check` of the bundled content computes is fixed when a release is built:
the same card files, compiled by the same code. ``bundled.check.json`` (beside the package's
modules) keeps that result, written by ``python -m runeforge.commands._shippedcheck``, so a
first run on a fresh install (an empty per-user cache) reads it instead of composing 80 YAML
files, validating them against their schemas and parsing every ability.

The file is used only when its recorded key equals the key of the installation in hand: the
SHA-256 of every file of the bundled content (its path and bytes, art included), of every
file of the code that computes a check (the runeforge, runeforge.dsl, runeforge.engine and
runeforge.locales packages: modules, schemas, grammars, catalogs; this file's own output
excepted), the Runeforge version and :data:`FORMAT`. A changed card, a changed compiler, a
missing, stale, unreadable or malformed file: the check is computed as before, so the file
can cost time but never change a result. It is package data, trusted like the modules beside
it, and read as the per-user cache reads its entries: JSON data checked field by field by
:func:`~._contentcodec.decode_check`, nothing executed. ``RUNEFORGE_NO_CACHE=1`` turns it off
with the cache (a test that patches the compiler patches nothing in the key).

Paths are stored relative to the bundled folder and rebuilt where the package is installed
(``display``: relative to the working directory, as the loader prints it). Only a check
without diagnostics is shipped (the bundled content is clean; a diagnostic's text could name
the folder it was written in).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from runeforge.loader import bundled_dir

FORMAT = 1
FILE_NAME = "bundled.check.json"
CODE_PACKAGES = ("runeforge", "runeforge.dsl", "runeforge.engine", "runeforge.locales")


class NotShippable(ValueError):
    """A check that cannot be shipped (it has diagnostics, or names its folder)."""


def _files(root: Path, others=()) -> list[Path]:
    """Every regular file below ``root`` (bytecode caches and hidden names skipped, and the
    folders ``others``: in an installed copy the other packages are folders of runeforge's,
    in a checkout they are not), sorted."""
    out = []
    skip = {os.path.realpath(o) for o in others}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "__pycache__"))
                       and os.path.realpath(os.path.join(dirpath, d)) not in skip]
        out.extend(Path(dirpath, n) for n in filenames
                   if not n.startswith(".") and n != FILE_NAME and not n.endswith(".pyc"))
    return sorted(out, key=lambda p: p.relative_to(root).as_posix())


def _package_dir(name: str) -> Path:
    import importlib.util

    return Path(importlib.util.find_spec(name).origin).parent


def shipped_path() -> Path:
    """Where the shipped check is read from: beside the package's modules, or the file
    ``$RUNEFORGE_SHIPPED_CHECK`` names (the tests and the benchmark: another file, or none)."""
    return Path(os.environ.get("RUNEFORGE_SHIPPED_CHECK") or
                _package_dir("runeforge") / FILE_NAME)


def key() -> str | None:
    """The key a shipped check must carry to stand for this installation (None: a file of
    the content or the code cannot be read)."""
    import runeforge

    h = hashlib.sha256(f"shipped check {FORMAT}|runeforge {runeforge.__version__}\n".encode())
    roots = [("cards", bundled_dir())] + [(p, _package_dir(p)) for p in CODE_PACKAGES]
    try:
        for label, root in roots:
            for path in _files(root, [r for _, r in roots if r != root]):
                with open(path, "rb") as fh:
                    digest = hashlib.sha256(fh.read()).hexdigest()
                h.update(f"{label}/{path.relative_to(root).as_posix()}:{digest}\n".encode())
    except OSError:
        return None
    return h.hexdigest()


def _relative(value: str, root: str) -> str:
    rel = os.path.relpath(value, root)
    if rel.startswith(".."):
        raise NotShippable(f"{value} is outside the bundled folder")
    return Path(rel).as_posix()


def to_shipped(entry: dict, root: Path) -> dict:
    """A check entry (:func:`~._contentcodec.encode_check`) with every path relative to the
    bundled folder ``root``: files keep ``rel`` (no path, no display), cards and documents
    the number of their file only, packs a relative root."""
    if entry["diagnostics"] or entry["content"]["diagnostics"]:
        raise NotShippable("the check has diagnostics")
    content = dict(entry["content"])
    files = []
    for f in content["files"]:
        f = dict(f)
        f["rel"] = _relative(f.pop("path"), str(root))
        f.pop("display")
        files.append(f)
    displays = [f["display"] for f in entry["content"]["files"]]

    def located(obj: dict) -> dict:
        obj = dict(obj)
        if obj.pop("path") != displays[obj["file"]]:
            raise NotShippable("a card's or document's path is not its file's")
        return obj

    content["files"] = files
    for name in ("cards", "removed"):
        content[name] = [located(c) for c in content[name]]
    content["documents"] = {k: [located(d) for d in docs]
                            for k, docs in content["documents"].items()}
    packs = []
    for p in content["packs"]:
        p = dict(p, root=_relative(p["root"], str(root)))
        if p["manifest"] is not None:
            p["manifest"] = located(p["manifest"])
        packs.append(p)
    content["packs"] = packs
    out = dict(entry, content=content)
    if str(root) in json.dumps(out, ensure_ascii=False):
        raise NotShippable(f"the check names its folder {root}")
    return out


def from_shipped(data: dict, root: Path) -> dict:
    """The check entry :func:`to_shipped` made relative, with paths under ``root`` (as the
    loader builds them) and displays relative to the working directory. KeyError, TypeError
    or ValueError for data that is not what :func:`to_shipped` writes."""
    from runeforge.yamlsafe import display_path

    content = dict(data["content"])
    files, displays = [], []
    for f in content["files"]:
        rel = f["rel"]
        if not isinstance(rel, str) or rel.startswith(("/", "..")) or "/../" in rel:
            raise ValueError("a shipped file outside the bundled folder")
        path = root / rel
        displays.append(display_path(path))
        files.append({k: v for k, v in f.items() if k != "rel"}
                     | {"path": str(path), "display": displays[-1]})

    def located(obj: dict) -> dict:
        no = obj["file"]
        if type(no) is not int or not 0 <= no < len(displays):
            raise ValueError("file number")
        return dict(obj, path=displays[no])

    content["files"] = files
    for name in ("cards", "removed"):
        content[name] = [located(c) for c in content[name]]
    content["documents"] = {k: [located(d) for d in docs]
                            for k, docs in content["documents"].items()}
    packs = []
    for p in content["packs"]:
        rel = p["root"]
        if not isinstance(rel, str) or rel.startswith(("/", "..")) or "/../" in rel:
            raise ValueError("a shipped pack outside the bundled folder")
        p = dict(p, root=str(root if rel == "." else root / rel))
        if p["manifest"] is not None:
            p["manifest"] = located(p["manifest"])
        packs.append(p)
    content["packs"] = packs
    return dict(data, content=content)


def load(run_ir: bool = True, path: Path | None = None):
    """(content, diagnostics, compiled) of the bundled content from the shipped check, or None
    when there is none for this installation (see the module's docstring). The caller
    (``_contentcache.checked``) asks only when the cache is on."""
    from ._contentcodec import BadEntry, decode_check

    try:
        raw = (path or shipped_path()).read_bytes()
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return None
        if doc.get("key") != key():
            return None
        return decode_check(from_shipped(doc["check"], bundled_dir()), run_ir=run_ir)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError,
            BadEntry):
        return None


def build() -> dict:
    """The shipped check of this installation: a fresh check of the bundled content."""
    import tempfile

    from runeforge import pipeline

    from ._contentcodec import encode_check

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as elsewhere:
        os.chdir(elsewhere)  # every display path absolute: to_shipped sees any that leaks
        try:
            entry = encode_check(pipeline.check(()))
        finally:
            os.chdir(here)
    return {"format": FORMAT, "key": key(), "check": to_shipped(entry, bundled_dir())}


def write(path: Path | None = None) -> Path:
    path = path or _package_dir("runeforge") / FILE_NAME
    text = json.dumps(build(), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


if __name__ == "__main__":
    print(f"wrote {write()}")
