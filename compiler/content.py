"""The loaded content: files with positions, cards, documents, packs (made by the loader).

:class:`FileData` is one parsed file (text, plain data, position index); :class:`Card` and
:class:`Document` locate their values in it; :class:`Content` is everything loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic
from .games import DEFAULT_GAME
from .positions import Pos, PositionIndex, text_pos, token_length
from .yamlsafe import Source


@dataclass
class FileData:
    """One parsed file: its source text, plain data and position index."""

    source: Source
    data: object
    index: PositionIndex

    @property
    def path(self) -> str:
        return self.source.display

    def diag_at(self, path: tuple, code: str, message: str, *, key: bool = False,
                hint: str | None = None, severity: str = "error") -> Diagnostic:
        path = tuple(path)
        line, col = self.index.find(path, key=key)
        if key and path in self.index.keys:
            length = len(str(path[-1]))
        else:
            length = token_length(self.source.lines, (line, col))
        return self.source.diag(code, message, line, col, hint=hint, severity=severity,
                                length=length)


class _Located:
    """Shared by Card and Document: positions relative to ``self._prefix`` in the file."""

    _file: FileData
    _prefix: tuple

    def pos(self, *keys, key: bool = False) -> Pos:
        """1-based (line, col) of the value at ``keys`` (or of its key with ``key=True``)."""
        return self._file.index.find(self._prefix + tuple(keys), key=key)

    def text_pos(self, keys: tuple, offset: int) -> Pos:
        """File position of character ``offset`` (0-based) inside the string at ``keys``."""
        value = self._get(keys)
        start = self.pos(*keys)
        if not isinstance(value, str):
            return start
        return text_pos(self._file.source.lines, start, value, offset)

    def source_line(self, line: int) -> str:
        return self._file.source.line(line)

    @property
    def lines(self):
        """The lines of the file this value comes from (for source lines in diagnostics)."""
        return self._file.source.lines

    def diag(self, code: str, message: str, *keys, key: bool = False, hint: str | None = None,
             severity: str = "error") -> Diagnostic:
        """A diagnostic located at ``keys`` inside this card or document."""
        return self._file.diag_at(self._prefix + tuple(keys), code, message, key=key, hint=hint,
                                  severity=severity)

    def span_diag(self, keys: tuple, span: tuple[int, int], code: str, message: str, *,
                  hint: str | None = None, severity: str = "error") -> Diagnostic:
        """A diagnostic at characters ``span`` (0-based, end exclusive) of the string at
        ``keys``: what a game's dialect reports inside an ability."""
        start, end = span
        line, col = self.text_pos(keys, start)
        end_line, end_col = self.text_pos(keys, max(start, end - 1))
        length = end_col - col + 1 if end_line == line else 1
        return Diagnostic(code, message, self.path, line, col, max(1, length), severity, hint,
                          self.source_line(line))

    def _get(self, keys: tuple):
        value = self.data
        for k in keys:
            try:
                value = value[k]
            except (KeyError, IndexError, TypeError):
                return None
        return value


@dataclass(eq=False)
class Card(_Located):
    """One card of a content file: its data, where it stands in its file, its pack and game."""

    id: str
    kind: str
    name: str
    data: dict
    path: str
    pack: str
    index: int
    _file: FileData = field(repr=False)
    _prefix: tuple = field(repr=False, default=())
    game: str = DEFAULT_GAME

    @property
    def location(self) -> str:
        line, col = self.pos()
        return f"{self.path}:{line}:{col}"


@dataclass(eq=False)
class Document(_Located):
    """A document that is not a card list (a manifest, a ruleset, an adventure...), located like a card."""

    kind: str
    data: object
    path: str
    pack: str
    _file: FileData = field(repr=False)
    _prefix: tuple = field(repr=False, default=())
    game: str = DEFAULT_GAME


@dataclass(eq=False)
class Pack:
    """A content pack: a folder of YAML files with its manifest (or the anonymous pack of a folder without one)."""

    id: str
    root: Path
    name: str = ""
    type: str = "set"
    origin: str = "original"
    skills: list[str] = field(default_factory=list)
    requires: list[str] = field(default_factory=list)
    removes: list[str] = field(default_factory=list)
    replaces: list[str] = field(default_factory=list)
    bundled: bool = False
    anonymous: bool = False
    manifest: Document | None = None
    game: str = DEFAULT_GAME


@dataclass
class Content:
    """Everything loaded: cards, packs, skills and documents by kind, with the loader's diagnostics and files."""

    cards: dict[str, Card] = field(default_factory=dict)
    packs: dict[str, Pack] = field(default_factory=dict)
    skills: set[str] = field(default_factory=set)
    documents: dict[str, list[Document]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    removed: dict[str, Card] = field(default_factory=dict)
    files: list[FileData] = field(default_factory=list)

    def games(self) -> set[str]:
        """The games of the packs loaded."""
        return {pack.game for pack in self.packs.values()}

    def of_game(self, game: str) -> "Content":
        """A view of the cards, packs and documents of one game (diagnostics are shared)."""
        return Content(
            cards={k: c for k, c in self.cards.items() if c.game == game},
            packs={k: p for k, p in self.packs.items() if p.game == game},
            skills=self.skills,
            documents={kind: kept for kind, docs in self.documents.items()
                       if (kept := [d for d in docs if d.game == game])},
            diagnostics=self.diagnostics,
            removed={k: c for k, c in self.removed.items() if c.game == game},
            files=self.files)
