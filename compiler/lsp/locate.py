"""Where the cursor is: LSP positions (0-based, UTF-16) to the compiler's 1-based character
positions and back, the ability string under the cursor, the word under it, and the game of
a file. No protocol here (plain values), so the features can be tested without a client."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types

from .. import games
from ..analysis.service import AnalysisService, key_of
from ..content import FileData
from ..diagnostics import Diagnostic
from ..games import DEFAULT_GAME
from ..loader import game_of_file
from ..positions import text_pos

HINT = re.compile(r"did you mean '([^']+)'\?")


def utf16_col(line: str, col: int) -> int:
    """LSP character (UTF-16 units, 0-based) of the 1-based character column ``col``."""
    return len(line[: max(0, col - 1)].encode("utf-16-le")) // 2


def char_col(line: str, character: int) -> int:
    """The 1-based character column of the LSP ``character`` on ``line``."""
    units = 0
    for i, c in enumerate(line):
        if units >= character:
            return i + 1
        units += 2 if ord(c) > 0xFFFF else 1
    return len(line) + 1


def lines_of(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def to_range(lines: list[str], line: int, col: int, length: int = 1) -> types.Range:
    """The LSP range of ``length`` characters at 1-based (line, col); (0, 0) when unknown."""
    if line <= 0:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    text = lines[line - 1] if line <= len(lines) else ""
    col = max(1, col)
    start = types.Position(line - 1, utf16_col(text, col))
    end = types.Position(line - 1, utf16_col(text, col + max(1, length)))
    return types.Range(start, end)


def to_lsp(d: Diagnostic, lines: list[str]) -> types.Diagnostic:
    """A compiler diagnostic for the editor: the same code, message and range as `check`;
    the hint as related information (where editors show it)."""
    rng = to_range(lines, d.line, d.col, d.length)
    related = None
    if d.hint:
        related = [types.DiagnosticRelatedInformation(
            types.Location(Path(key_of(d.path)).as_uri(), rng), f"hint: {d.hint}")]
    return types.Diagnostic(
        range=rng, message=d.message, code=d.code, source="runeforge",
        severity=(types.DiagnosticSeverity.Error if d.is_error
                  else types.DiagnosticSeverity.Warning),
        related_information=related, data={"hint": d.hint} if d.hint else None)


@dataclass
class AbilityAt:
    """The ability string under the cursor: its keys in the file, text and offset."""

    keys: tuple
    text: str
    offset: int


def ability_at(file: FileData, line: int, col: int) -> AbilityAt | None:
    """The ability string (a string under an ``abilities`` list) holding 1-based (line, col),
    with the cursor's offset in it (the end of the string counts)."""
    lines = file.source.lines
    for keys, value in strings(file.data, ()):
        if len(keys) < 2 or keys[-2] != "abilities":
            continue
        start = file.index.find(keys)
        if start[0] > line or text_pos(lines, start, value, len(value))[0] < line:
            continue
        for offset in range(len(value) + 1):
            pos = text_pos(lines, start, value, offset)
            if pos == (line, col):
                return AbilityAt(keys, value, offset)
            if pos[0] > line:
                break
        last = text_pos(lines, start, value, max(0, len(value) - 1))
        if last[0] == line and col == last[1] + 1:  # just after the last character
            return AbilityAt(keys, value, len(value))
    return None


WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def word_at(line: str, col: int) -> str | None:
    """The id-like word (letters, digits, '-', '_') around the 1-based column ``col``."""
    for m in WORD.finditer(line):
        if m.start() <= col - 1 <= m.end():
            return m.group()
    return None


def game_of(service: AnalysisService, path) -> str:
    """The game of a content file: that of its cards, documents or pack, else of the
    nearest manifest above it."""
    key = key_of(path)
    content = service.content
    for card in content.cards.values():
        if key_of(card.path) == key:
            return card.game
    for docs in content.documents.values():
        for doc in docs:
            if key_of(doc.path) == key:
                return doc.game
    game = game_of_file(Path(key), Path(key).anchor)
    return game if game in games.ids() else DEFAULT_GAME


def strings(data, keys: tuple):
    """(keys, text) of every string in plain YAML data."""
    if isinstance(data, str):
        yield keys, data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from strings(v, keys + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from strings(v, keys + (i,))
