"""Load content directories into :class:`Content`, keeping the position of every value.

Content is a list of directories. The bundled ``cards/`` (package ``runeforge.cards``) is
always first; user directories extend it. A pack is a folder with ``manifest.yaml``; files
outside any pack belong to an anonymous pack named after the directory given. Every other
YAML file has ``kind:``; card kinds have ``cards: [...]``; document kinds (a schema in
``compiler/schemas`` that is neither a card kind nor ``manifest``) are kept whole.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import OrderedDict
from pathlib import Path

from runeforge.dsl.pkgfiles import files as package_files

from . import games
from . import schema as schemas
from .content import Card, Content, Document, FileData, Pack
from .diagnostics import Diagnostic, did_you_mean
from .games import DEFAULT_GAME
from .l10n.packcatalogs import register_packs
from .positions import convert
from .yamlsafe import display_path, load_file

# the content model lives in .content; these names stay importable from here
__all__ = ["Card", "Content", "Document", "FileData", "Pack", "bundled_dir", "game_of_file",
           "kebab", "load_content", "yaml_files"]

YAML_SUFFIXES = (".yaml", ".yml")
MANIFEST_NAMES = ("manifest.yaml", "manifest.yml")


def kebab(name: str) -> str:
    """The card id for an English name: ``Varikas the Dead`` -> ``varikas-the-dead``."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"['\u2019\u2018`]", "", text)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def bundled_dir() -> Path:
    """The bundled ``cards/`` directory (works from editable and normal installs)."""
    return Path(str(package_files("runeforge.cards")))


def yaml_files(root: Path) -> list[Path]:
    """YAML files below ``root``, sorted by relative path; hidden and cache folders skipped."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__"))
                             and not d.endswith(YAML_SUFFIXES))
        here = Path(dirpath)
        for name in filenames:
            if name.endswith(YAML_SUFFIXES) and not name.startswith("."):
                found.append(here / name)
        # a directory named like a YAML file is reported as an unreadable file (RF002)
        for name in os.listdir(here):
            if name.endswith(YAML_SUFFIXES) and (here / name).is_dir():
                found.append(here / name)
    return sorted(set(found), key=lambda p: p.relative_to(root).as_posix())


class _Loader:
    def __init__(self) -> None:
        self.content = Content()
        self.seen_dirs: set[str] = set()
        self.first_pos: dict[str, str] = {}  # card id -> "path:line:col" of its definition
        self.pending: list[tuple[Pack, Document]] = []

    @property
    def diags(self) -> list[Diagnostic]:
        return self.content.diagnostics

    def add_dir(self, root: Path, bundled: bool = False) -> None:
        root = Path(root)
        if not root.exists():
            self.diags.append(Diagnostic("RF001", f"content directory '{root}' does not exist",
                                         display_path(root), hint="check the path"))
            return
        if not root.is_dir():
            self.diags.append(Diagnostic("RF001", f"'{root}' is not a directory",
                                         display_path(root),
                                         hint="give the folder that holds the YAML files"))
            return
        real = os.path.realpath(root)
        if real in self.seen_dirs:
            return
        self.seen_dirs.add(real)
        files = self.files_of(root)
        roots = sorted({f.parent for f in files if f.name in MANIFEST_NAMES and f.is_file()},
                       key=lambda p: p.as_posix())
        packs: dict[Path, Pack] = {}
        for pack_root in roots:
            manifest = next(pack_root / n for n in MANIFEST_NAMES if (pack_root / n).is_file())
            pack = self.load_manifest(manifest, bundled)
            if pack is not None:
                packs[pack_root] = pack
        anonymous = None
        for path in files:
            if path.name in MANIFEST_NAMES and path.parent in packs:
                continue
            owner = next((packs[p] for p in _ancestors(path, root) if p in packs), None)
            if owner is None:
                if anonymous is None:
                    anonymous = self.add_pack(Pack(kebab(root.resolve().name) or "content",
                                                   root, name=root.resolve().name,
                                                   bundled=bundled, anonymous=True), None)
                owner = anonymous
            self.load_data_file(path, owner)

    def add_pack(self, pack: Pack, where: FileData | None) -> Pack:
        other = self.content.packs.get(pack.id)
        if other is not None:
            msg = f"pack id '{pack.id}' is used twice"
            hint = f"also used by {display_path(other.root)}"
            d = (where.diag_at(("id",), "RF504", msg, hint=hint) if where
                 else Diagnostic("RF504", msg, display_path(pack.root), hint=hint))
            self.diags.append(d)
            return other
        self.content.packs[pack.id] = pack
        return pack

    def files_of(self, root: Path) -> list[Path]:
        """The YAML files below ``root`` (the analysis service adds an editor's unsaved
        files)."""
        return yaml_files(root)

    def read(self, path: Path):
        """(Source or None, YAML tree or None, diagnostics) of one file; the analysis
        service overrides it to read an editor's unsaved text."""
        return _load_file_cached(path)

    def validate(self, file: FileData, kind: str, game: str = DEFAULT_GAME) -> list[Diagnostic]:
        """Schema diagnostics of a file of ``kind`` (the analysis service caches them)."""
        return schemas.validate(file.data, kind, file, game)

    def parse(self, path: Path) -> FileData | None:
        source, tree, diags = self.read(path)
        self.diags.extend(diags)
        if tree is None or source is None:
            return None
        data, index = convert(tree)
        file = FileData(source, data, index)
        self.diags.extend(source.diag(p.code, p.message, p.line, p.col, hint=p.hint,
                                      length=p.length) for p in index.problems)
        self.content.files.append(file)
        return file

    def kind_of(self, file: FileData, game: str = DEFAULT_GAME) -> str | None:
        data = file.data
        if not isinstance(data, dict):
            self.diags.append(file.diag_at((), "RF201", "a content file must be a mapping "
                                           "with 'kind:' and 'cards:'"))
            return None
        known = schemas.kinds(game)
        kind = data.get("kind")
        if kind is None:
            self.diags.append(file.diag_at((), "RF203", "missing required field 'kind'",
                                           hint="one of: " + ", ".join(known)))
            return None
        if kind not in known:
            where = "" if game == DEFAULT_GAME else f" of the game '{game}'"
            self.diags.append(file.diag_at(("kind",), "RF207", f"unknown card kind '{kind}'"
                                           + where, hint=did_you_mean(str(kind), known)
                                           or "one of: " + ", ".join(known)))
            return None
        return kind

    def game_of(self, file: FileData) -> str:
        """The game a manifest names (RF208 at ``game:`` for one no plug-in provides)."""
        game = file.data.get("game", DEFAULT_GAME) if isinstance(file.data, dict) else None
        if not isinstance(game, str):
            return DEFAULT_GAME  # the schema reports the type
        if game not in games.ids():
            self.diags.append(file.diag_at(("game",), "RF208", f"unknown game '{game}'",
                                           hint=did_you_mean(game, games.ids())
                                           or "games: " + ", ".join(games.ids())))
            return DEFAULT_GAME
        return game

    def load_manifest(self, path: Path, bundled: bool) -> Pack | None:
        file = self.parse(path)
        if file is None:
            return None
        kind = self.kind_of(file)
        if kind is None:
            return None
        if kind != schemas.MANIFEST:
            self.diags.append(file.diag_at(("kind",), "RF504",
                                           f"manifest.yaml must have 'kind: manifest', not "
                                           f"'{kind}'"))
            return None
        errors = self.validate(file, kind)
        self.diags.extend(_unreported(file, errors))
        data = file.data
        doc = Document(kind, data, file.path, str(data.get("id", "")), file)
        if errors and not isinstance(data.get("id"), str):
            return None
        get = lambda k: [ref for _, ref in _ids(data, k)]  # noqa: E731
        doc.game = self.game_of(file)
        pack = Pack(str(data["id"]), path.parent, name=str(data.get("name", "")),
                    type=str(data.get("type", "set")), origin=str(data.get("origin", "")),
                    skills=get("skills"), requires=get("requires"), removes=get("removes"),
                    replaces=get("replaces"), bundled=bundled, manifest=doc, game=doc.game)
        pack = self.add_pack(pack, file)
        if pack.manifest is doc:
            self.content.skills.update(pack.skills)
            self.pending.append((pack, doc))
        return pack

    def load_data_file(self, path: Path, pack: Pack) -> None:
        file = self.parse(path)
        if file is None:
            return
        kind = self.kind_of(file, pack.game)
        if kind is None:
            return
        if kind == schemas.MANIFEST:
            self.diags.append(file.diag_at(("kind",), "RF504", "a manifest must be named "
                                           "manifest.yaml", hint=f"rename {file.path}"))
            return
        errors = self.validate(file, kind, pack.game)
        self.diags.extend(_unreported(file, errors))
        if kind not in games.get(pack.game).card_kinds:
            doc = Document(kind, file.data, file.path, pack.id, file, game=pack.game)
            self.content.documents.setdefault(kind, []).append(doc)
            return
        key = games.get(pack.game).list_key(kind)
        bad = {_card_index(file, d, key) for d in errors}
        bad |= {_card_index(file, p, key) for p in file.index.problems}
        cards = file.data.get(key)
        if not isinstance(cards, list):
            return
        for i, entry in enumerate(cards):
            if i in bad or not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                continue
            self.add_card(file, kind, pack, i, entry, key)

    def add_card(self, file: FileData, kind: str, pack: Pack, i: int, entry: dict,
                 key: str = "cards") -> None:
        name = entry["name"]
        expected = kebab(name)
        card = Card(expected, kind, name, entry, file.path, pack.id, i, file, (key, i),
                    game=pack.game)
        given = entry.get("id")
        if not expected and not isinstance(given, str):
            self.diags.append(card.diag("RF505", f"the name '{name}' gives an empty card id "
                                        "(no letter a-z or digit in it)", "name",
                                        hint="add an `id:` in kebab-case, e.g. "
                                        "`id: my-card`"))
            return
        if not expected:
            card.id = given  # no kebab-case to compare with: the explicit id is the id
        elif given is not None and given != expected:
            if entry.get("id_override") is True:
                card.id = given
            else:
                self.diags.append(card.diag("RF503", f"card id '{given}' is not the kebab-case "
                                            f"of its name '{name}'", "id",
                                            hint=f"use id: {expected}, or add "
                                            "`id_override: true`"))
        here = card.location
        previous = self.content.cards.get(card.id)
        if previous is not None:
            if card.id in pack.replaces and previous.pack != pack.id:
                self.content.cards[card.id] = card
                self.first_pos[card.id] = here
                return
            self.diags.append(card.diag("RF501", f"duplicate card id '{card.id}' (also at "
                                        f"{self.first_pos[card.id]})", "name",
                                        hint=f"first defined at {self.first_pos[card.id]}; "
                                        "rename one, or list the id under `replaces:` in this "
                                        "pack's manifest"))
            return
        self.content.cards[card.id] = card
        self.first_pos[card.id] = here

    def finish(self) -> Content:
        content = self.content
        for pack, doc in self.pending:
            for i, ref in _ids(doc.data, "requires"):
                if ref not in content.packs:
                    content.diagnostics.append(doc.diag(
                        "RF502", f"pack '{pack.id}' requires unknown pack '{ref}'",
                        "requires", i, hint=did_you_mean(str(ref), content.packs)))
            for field_name in ("removes", "replaces"):
                for i, ref in _ids(doc.data, field_name):
                    if ref in content.cards and field_name == "removes":
                        content.removed[ref] = content.cards.pop(ref)
                    elif ref not in content.cards and ref not in content.removed:
                        content.diagnostics.append(doc.diag(
                            "RF502", f"'{field_name}' names unknown card id '{ref}'",
                            field_name, i, hint=did_you_mean(str(ref), content.cards)))
        return content


def _ids(data: dict, name: str):
    """(index, id) of the strings listed under ``name`` (the schema reports anything else)."""
    value = data.get(name)
    return [(i, ref) for i, ref in enumerate(value) if isinstance(ref, str)] \
        if isinstance(value, list) else []


_PARSED: "OrderedDict[tuple, tuple]" = OrderedDict()
_PARSED_MAX = 1024


def _load_file_cached(path: Path):
    """load_file, remembered for files that have not changed since (the same file by the
    same path, same size and mtime, same working directory for the display path). ruamel's
    round-trip parser is pure Python and dominates loading; commands and tests that load the
    bundled content more than once in a process parse it once. Plain data is still converted
    per load."""
    try:
        st = path.stat()
    except OSError:
        return load_file(path)
    # the file itself by device and inode (what the path leads to, through any symlink) and
    # the path as given (the display path is made from it): Path.resolve() was a realpath
    # walk, a system call per folder of every file, ~5 ms of a cold check (issue 38)
    key = (str(path), st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size, os.getcwd())
    hit = _PARSED.get(key)
    if hit is None:
        hit = load_file(path)
        _PARSED[key] = hit
        if len(_PARSED) > _PARSED_MAX:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    source, tree, diags = hit
    return source, tree, list(diags)


def _ancestors(path: Path, root: Path):
    parent = path.parent
    while True:
        yield parent
        if parent == root or parent == parent.parent:
            return
        parent = parent.parent


def _unreported(file: FileData, errors: list[Diagnostic]) -> list[Diagnostic]:
    """Schema errors, less those at a value the loader could not read (already RF110/RF108:
    its text stands in for it, and 'must be a whole number, not a string' says nothing new)."""
    if not file.index.problems:
        return errors
    places = {(p.line, p.col) for p in file.index.problems}
    return [d for d in errors if (d.line, d.col) not in places]


def _card_index(file: FileData, d, key: str = "cards") -> int | None:
    """Index of the card a schema diagnostic falls in (by line), else None."""
    cards = file.data.get(key) if isinstance(file.data, dict) else None
    if not isinstance(cards, list):
        return None
    starts = [file.index.find((key, i))[0] for i in range(len(cards))]
    hit = None
    for i, start in enumerate(starts):
        if d.line >= start:
            hit = i
    return hit


def game_of_file(path: Path, root: Path) -> str:
    """The game of a content file: that of the nearest pack manifest above it (up to
    ``root``), else the default game. A manifest that names no known game counts as the
    default game here; `check` reports it (RF208)."""
    for folder in _ancestors(Path(path), Path(root)):
        manifest = next((folder / n for n in MANIFEST_NAMES if (folder / n).is_file()), None)
        if manifest is None:
            continue
        _, tree, _ = _load_file_cached(manifest)
        data = convert(tree)[0] if tree is not None else None
        game = data.get("game") if isinstance(data, dict) else None
        return game if isinstance(game, str) and game in games.ids() else DEFAULT_GAME
    return DEFAULT_GAME


def load_content(dirs, include_bundled: bool = True, loader: _Loader | None = None) -> Content:
    """Load the bundled content (unless ``include_bundled`` is false) and then ``dirs``
    (with ``loader``, a fresh loader object, when given: the analysis service's caches)."""
    loader = loader if loader is not None else _Loader()
    if include_bundled:
        loader.add_dir(bundled_dir(), bundled=True)
    for d in dirs:
        loader.add_dir(Path(d))
    content = loader.finish()
    content.diagnostics.extend(register_packs(content))  # a fan pack's own catalogs
    return content
