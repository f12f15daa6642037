"""One analysis service: load → check → compile, kept warm, re-checking one file at a time.

`runeforge check`, the language server (`runeforge lsp`) and the authoring page use this
class; none of them has its own copy of the pipeline (the check sequence itself is
:func:`runeforge.pipeline.analyse`).

API (small on purpose)::

    service = AnalysisService(dirs, include_bundled=True)
    result = service.check_all()           # CheckResult, as pipeline.check(dirs) gives
    changed = service.update(path, text)    # the editor's text of one file (None: the disk's)
                                            # -> {absolute path: [Diagnostic]} of every file
                                            #    whose diagnostics changed (path always in it)
    service.diagnostics_of(path)            # [Diagnostic] of one file now
    service.diagnostics_by_file()           # {absolute path: [Diagnostic]} of every file
    service.file_data(path)                 # its parse (FileData: text, data, positions)
    service.card(card_id)                   # Card or None
    service.cards_in(path)                  # the cards of one file, in file order
    service.card_at(path, line)             # the card whose entry holds 1-based ``line``
    service.ir(card_id)                     # its compiled IR list
    service.texts(card_id, locales=None)    # {locale: [(ability index, text)]}
    service.references(value)               # [(path, line, col)] where a string is used
    service.odds(card_id)                   # exact odds: a foe vs each bundled hero, a hero
                                            # vs each colour's median (runeforge.analysis.odds)
    service.result / service.content        # the latest CheckResult and Content
    service.generation                      # +1 per check: the key for caching answers

How ``update`` stays cheap: every file's parse (ruamel + positions) and its schema
diagnostics are cached per file, keyed by the file's text (an editor's text) or its mtime and
size (the disk); a card's compiled abilities are cached by its text and place. An update
parses and validates only the changed file and compiles only its changed cards; the cheap
part, linking (packs, ids, duplicate ids, manifests'
``requires``/``replaces``, the games' document checks such as an adventure deck naming an
unknown card), runs over the cached files of the rest, so cross-file errors appear and
disappear as they do in `runeforge check`. A file an editor holds unsaved below a content
folder is part of the content; one opened outside them brings its pack. A compiled card is reused while its text, its
place in the file and the set of skills are unchanged (a game's ``compile_card`` reads the
card and may read ``content.skills``; one that read more would need a wider key).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from .. import games, pipeline
from .. import loader as loader_mod
from ..content import Card, Content, FileData
from ..diagnostics import Diagnostic
from ..games import DEFAULT_GAME
from ..yamlsafe import load_file


def key_of(path) -> str:
    """The key of a file in the service: its absolute path (not resolved through links)."""
    return os.path.abspath(os.fspath(path))


@dataclass
class _Entry:
    """One file's cached work: the parse and its schema diagnostics."""

    stamp: tuple
    file: FileData | None
    diags: list[Diagnostic]
    schema: dict = field(default_factory=dict)    # (kind, game) -> [Diagnostic]


class _Reader(loader_mod._Loader):
    """The loader's own parse of one file, from ``raw`` bytes when given."""

    def __init__(self, raw: bytes | None) -> None:
        super().__init__()
        self.raw = raw

    def read(self, path: Path):
        return load_file(path, self.raw) if self.raw is not None else super().read(path)


class _CachedLoader(loader_mod._Loader):
    """The loader with the service's per-file caches for parsing and schema checks."""

    def __init__(self, service: "AnalysisService") -> None:
        super().__init__()
        self.service = service

    def files_of(self, root: Path) -> list[Path]:
        """The files on disk, and those an editor holds unsaved below ``root``."""
        files = super().files_of(root)
        known = {key_of(f) for f in files}
        top = key_of(root)
        extra = [Path(k) for k in self.service._texts if k not in known and _below(k, top)
                 and k.endswith(loader_mod.YAML_SUFFIXES)]
        if not extra:
            return files
        rel = lambda p: Path(key_of(p)).relative_to(top).as_posix()  # noqa: E731
        return sorted(files + extra, key=rel)

    def parse(self, path: Path) -> FileData | None:
        entry = self.service._entry(path)
        self.diags.extend(entry.diags)
        if entry.file is not None:
            self.content.files.append(entry.file)
        return entry.file

    def validate(self, file: FileData, kind: str, game: str = DEFAULT_GAME):
        entry = self.service._by_file.get(id(file))
        if entry is None or entry.file is not file:
            return super().validate(file, kind, game)
        if (kind, game) not in entry.schema:
            entry.schema[(kind, game)] = super().validate(file, kind, game)
        return list(entry.schema[(kind, game)])


class AnalysisService:
    """Content analysis kept in memory; see the module docstring for the API."""

    def __init__(self, dirs=(), include_bundled: bool = True) -> None:
        self.dirs = [Path(d) for d in dirs]
        self.include_bundled = include_bundled
        self.result: pipeline.CheckResult | None = None
        self.generation = 0  # counts check_all runs: a cache of answers keys on it
        self._texts: dict[str, bytes] = {}      # key -> an editor's unsaved text (UTF-8)
        self._entries: dict[str, _Entry] = {}   # key -> the latest cached work on that file
        self._by_file: dict[int, _Entry] = {}   # id(FileData) -> its entry
        self._by_path: dict[str, list[Diagnostic]] = {}
        self._compiled: dict[tuple, tuple] = {}  # a card's text and place -> (irs, diags)

    # -- running ---------------------------------------------------------------------------
    @property
    def content(self) -> Content:
        return self.check_all().content if self.result is None else self.result.content

    def check_all(self, compile: bool = True) -> pipeline.CheckResult:
        """Load and check everything (cached files are reused); the same diagnostics, in
        the same order, as ``pipeline.check(dirs, include_bundled)``."""
        content = loader_mod.load_content(self.dirs, self.include_bundled, _CachedLoader(self))
        self.result = pipeline.analyse(content, compile=compile, compiler=self._compile)
        self.generation += 1
        self._by_path = {}
        for d in self.result.diagnostics:
            self._by_path.setdefault(key_of(d.path), []).append(d)
        return self.result

    def update(self, path, text: str | None = None) -> dict[str, list[Diagnostic]]:
        """Take ``text`` as the content of ``path`` (None: read it from disk again) and
        re-check; {file key: diagnostics} of every file whose diagnostics changed."""
        key = key_of(path)
        if text is None:
            self._texts.pop(key, None)
        else:
            self._texts[key] = text.encode("utf-8", errors="surrogatepass")
        if not self._covered(key):
            root = _root_for(Path(key))
            if root is not None:
                self.dirs.append(root)
        before = dict(self._by_path)
        self.check_all()
        changed = {k: v for k, v in self._by_path.items() if before.get(k) != v}
        changed.update({k: [] for k in before if k not in self._by_path})
        changed.setdefault(key, self._by_path.get(key, []))
        return changed

    def diagnostics_of(self, path) -> list[Diagnostic]:
        if self.result is None:
            self.check_all()
        return list(self._by_path.get(key_of(path), []))

    def diagnostics_by_file(self) -> dict[str, list[Diagnostic]]:
        if self.result is None:
            self.check_all()
        return {k: list(v) for k, v in self._by_path.items()}

    # -- queries ---------------------------------------------------------------------------
    def card(self, card_id: str) -> Card | None:
        return self.content.cards.get(card_id)

    def cards_in(self, path) -> list[Card]:
        key = key_of(path)
        found = [c for c in self.content.cards.values() if key_of(c.path) == key]
        return sorted(found, key=lambda c: c.pos())

    def card_at(self, path, line: int) -> Card | None:
        """The card whose entry holds ``line`` (1-based): the last one starting at or
        before it (a card's mapping starts at its first key)."""
        hit = None
        for card in self.cards_in(path):
            if card.pos()[0] <= line:
                hit = card
        return hit

    def ir(self, card_id: str) -> list[dict]:
        result = self.result or self.check_all()
        return list(result.compiled.get(card_id, []) or [])

    def texts(self, card_id: str, locales=None) -> dict[str, list[tuple[int, str]]]:
        """The rules text of a card per locale (default: every locale of its game)."""
        card = self.card(card_id)
        if card is None:
            return {}
        game = games.get(card.game)
        out = {}
        for loc in locales or game.text.locales:
            try:
                out[loc] = list(game.render_text(card, loc))
            except Exception:  # noqa: BLE001 - a query never takes the service down
                out[loc] = _one_by_one(game, card, loc)
        return out

    def odds(self, card_id: str, **budget) -> dict | None:
        """Exact odds of a card (see :func:`runeforge.analysis.odds.odds`, which takes the
        ``budget=`` in seconds), None if it is neither a hero nor a foe."""
        from .odds import odds

        card = self.card(card_id)
        return odds(self, card, **budget) if card is not None else None

    def file_data(self, path) -> FileData | None:
        entry = self._entries.get(key_of(path))
        return entry.file if entry else None

    def references(self, value: str) -> list[tuple[str, int, int]]:
        """(file key, line, col) of every string value equal to ``value`` in the content."""
        out = []
        for file in self.content.files:
            for keys, found in _strings(file.data, ()):
                if found == value:
                    line, col = file.index.find(keys)
                    out.append((key_of(file.path), line, col))
        return out

    # -- caches ----------------------------------------------------------------------------
    def _entry(self, path: Path) -> _Entry:
        key = key_of(path)
        raw = self._texts.get(key)
        if raw is not None:
            stamp: tuple = ("text", raw)
        else:
            try:
                st = os.stat(key)
                stamp = ("disk", st.st_mtime_ns, st.st_size, os.getcwd())
            except OSError:
                stamp = ("missing", os.getcwd())
        entry = self._entries.get(key)
        if entry is not None and entry.stamp == stamp:
            return entry
        if entry is not None and entry.file is not None:
            self._by_file.pop(id(entry.file), None)
        reader = _Reader(raw)
        file = reader.parse(Path(path))
        entry = _Entry(stamp, file, list(reader.diags))
        self._entries[key] = entry
        if file is not None:
            self._by_file[id(file)] = entry
        return entry

    def _compile(self, content: Content):
        """The pipeline's compile, card by card, reusing a card whose text (the lines from
        its start to the next card's), place, id, kind, game and the skills are unchanged:
        an edit of one card in a 200-card file compiles that card."""
        compiled, diags, used = {}, [], {}
        skills = frozenset(content.skills)
        starts: dict[int, list[int]] = {}
        for card in content.cards.values():
            starts.setdefault(id(card._file), []).append(card.pos()[0])
        for found in starts.values():
            found.sort()
        for card_id, card in content.cards.items():
            line, col = card.pos()
            later = [s for s in starts[id(card._file)] if s > line]
            lines = card.lines[line - 1: (later[0] if later else len(card.lines) + 1) - 1]
            key = (card.path, card.id, card.kind, card.game, skills, line, col, tuple(lines))
            hit = self._compiled.get(key)
            if hit is None:  # the pipeline's own compile, over a view holding this card
                irs, ds = pipeline.compile_content(replace(content, cards={card_id: card}))
                hit = (list(irs.get(card_id) or []), list(ds))
            used[key] = hit
            compiled[card_id] = list(hit[0])
            diags.extend(hit[1])
        self._compiled = used
        return compiled, diags

    def _covered(self, key: str) -> bool:
        roots = list(self.dirs) + ([loader_mod.bundled_dir()] if self.include_bundled else [])
        return any(_below(key, key_of(r)) for r in roots)


def _below(key: str, root: str) -> bool:
    return key == root or key.startswith(root.rstrip(os.sep) + os.sep)


def _root_for(path: Path, levels: int = 6, most: int = 200) -> Path | None:
    """The folder to load for a file outside every content folder: its pack (the nearest
    folder above with a manifest), else the file's own folder when that is small (at most
    ``most`` entries, no subfolder): a stray YAML file in /tmp or a home folder does not
    make the service load everything below it. None: the file is not content."""
    folder = path.parent
    for _ in range(levels):
        if any((folder / n).is_file() for n in loader_mod.MANIFEST_NAMES):
            return folder
        if folder.parent == folder:
            break
        folder = folder.parent
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return None
    if len(entries) > most or any(e.is_dir() for e in entries):
        return None
    return path.parent


def _one_by_one(game, card, locale: str) -> list[tuple[int, str]]:
    """The rules text of each ability that renders, when the card's text as a whole does
    not (one ability does not parse): each is rendered alone, the others left out as a
    renderer leaves out what is not text, so an ability never shows a sibling's error."""
    abilities = card.data.get("abilities")
    rows: list[tuple[int, str]] = []
    if not isinstance(abilities, list):
        return [(-1, "(no text: the card's text cannot be rendered)")]
    for i in range(len(abilities)):
        alone = [a if j == i else None for j, a in enumerate(abilities)]
        try:
            rows += [row for row in game.render_text(
                replace(card, data={**card.data, "abilities": alone}), locale)
                if row[0] == i]
        except Exception:  # noqa: BLE001 - that one's syntax error is check's to report
            continue
    return rows


def _strings(data, keys: tuple):
    if isinstance(data, str):
        yield keys, data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(v, keys + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _strings(v, keys + (i,))
