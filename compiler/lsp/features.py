"""The language features over the analysis service, as lsprotocol values (no I/O here)."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

from .. import games
from ..analysis.service import AnalysisService, key_of
from ..content import Card
from ..formatter import format_file
from . import complete
from . import hover as hovers
from .locate import HINT, ability_at, char_col, game_of, to_lsp, to_range, utf16_col, word_at

__all__ = ["completion", "definition", "formatting", "hover", "quick_fixes", "references",
           "symbols", "to_lsp"]

KEY = re.compile(r"([A-Za-z_][\w-]*):(?=\s|$)")
QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*(?:\"|$)|'(?:[^']|'')*(?:'|$)")


def _where(lines: list[str], position: types.Position) -> tuple[int, int]:
    """1-based (line, character column) of an LSP position."""
    text = lines[position.line] if position.line < len(lines) else ""
    return position.line + 1, char_col(text, position.character)


def _uri(key: str) -> str:
    return Path(key).as_uri()


# -- completion ------------------------------------------------------------------------------
def completion(service: AnalysisService, key: str, lines: list[str],
               position: types.Position) -> list[types.CompletionItem]:
    line, col = _where(lines, position)
    file = service.file_data(key)
    game = game_of(service, key)
    if file is not None:
        at = ability_at(file, line, col)
        if at is not None:
            skills = {s for pack in service.content.packs.values() if pack.game == game
                      for s in pack.skills}
            words = complete.ability_words(game, at.text[: at.offset], skills)
            return [types.CompletionItem(w, kind=types.CompletionItemKind.Keyword)
                    for w in words]
    field = _field_at(lines, line, col)
    typed = _open_ability(lines, line, col, field)
    if typed is not None:  # an ability being typed where the YAML does not parse (yet)
        skills = {s for pack in service.content.packs.values() if pack.game == game
                  for s in pack.skills}
        return [types.CompletionItem(w, kind=types.CompletionItemKind.Keyword)
                for w in complete.ability_words(game, typed, skills)]
    kind = file.data.get("kind") if file is not None and isinstance(file.data, dict) else None
    if kind is None:
        kind = next((m.group(1) for text in lines
                     if (m := re.match(r"kind:\s*([\w-]+)", text))), None)
    if field is None or not isinstance(kind, str):
        return []
    ids = {c.id for c in service.content.cards.values() if c.game == game}
    values = complete.schema_values(kind, game, field, ids)
    return [types.CompletionItem(v, kind=types.CompletionItemKind.Reference if v in ids
                                 else types.CompletionItemKind.EnumMember) for v in values]


def _open_ability(lines: list[str], line: int, col: int, field) -> str | None:
    """The text of a quoted ability list entry up to the cursor (``- "...`` under
    ``abilities:``), when the file did not give it (it does not parse while typed)."""
    if field != ("*", "abilities") or line > len(lines):
        return None
    m = re.match(r"\s*-\s+(\"|')(.*)$", lines[line - 1][: col - 1])
    if not m:
        return None
    quote, text = m.group(1), m.group(2)
    return text.replace('\\"', '"') if quote == '"' else text.replace("''", "'")


def _field_at(lines: list[str], line: int, col: int) -> tuple | None:
    """The key whose value the cursor is in: the last ``key:`` before the cursor on its
    line, else the nearest less-indented line above that ends a ``key:``. As a key path of
    one name, looked up anywhere in the schema (works while the YAML is half-typed)."""
    text = lines[line - 1][: col - 1] if line <= len(lines) else ""
    text = QUOTED.sub('""', text)  # a key is never inside a string
    found = list(KEY.finditer(text))
    if found:
        return ("*", found[-1].group(1))
    indent = len(text) - len(text.lstrip(" -"))
    for n in range(line - 2, -1, -1):
        above = lines[n]
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        depth = len(above) - len(above.lstrip(" -"))
        if depth < indent or (depth == indent and not above.lstrip().startswith("-")):
            keys = list(KEY.finditer(above))
            return ("*", keys[-1].group(1)) if keys else None
    return None


# -- hover -----------------------------------------------------------------------------------
def hover_kind(capabilities: types.ClientCapabilities | None) -> types.MarkupKind:
    """Markdown unless the client's ``textDocument.hover.contentFormat`` prefers plain text
    (its first kind that we write; none said: Markdown)."""
    formats = getattr(getattr(getattr(capabilities, "text_document", None), "hover", None),
                      "content_format", None) or []
    for kind in formats:
        if kind in (types.MarkupKind.Markdown, types.MarkupKind.PlainText):
            return types.MarkupKind(kind)
    return types.MarkupKind.Markdown


def hover(service: AnalysisService, key: str, lines: list[str], position: types.Position,
          kind: types.MarkupKind = types.MarkupKind.Markdown) -> types.Hover | None:
    line, col = _where(lines, position)
    file = service.file_data(key)
    if file is None:
        return None
    markup = hovers.Markup(markdown=kind == types.MarkupKind.Markdown)
    at = ability_at(file, line, col)
    if at is not None:
        card = next((c for c in service.cards_in(key)
                     if at.keys[:len(c._prefix)] == c._prefix), None)
        game = card.game if card is not None else game_of(service, key)
        text = hovers.ability_hover(service, card, game, at.keys[-1], at.text, markup)
    else:
        word = word_at(lines[line - 1] if line <= len(lines) else "", col)
        card = service.card(word) if word else None
        card = card or service.card_at(key, line)
        if card is None:
            return None
        text = hovers.card_hover(service, card, markup)
    return types.Hover(types.MarkupContent(kind, text))


# -- quick fixes -----------------------------------------------------------------------------
def quick_fixes(service: AnalysisService, key: str, lines: list[str], uri: str,
                rng: types.Range) -> list[types.CodeAction]:
    """A quick fix per diagnostic in ``rng`` whose hint says "did you mean 'X'?"."""
    out = []
    for d in service.diagnostics_of(key):
        m = HINT.search(d.hint or "")
        if not m or d.line <= 0 or not (rng.start.line <= d.line - 1 <= rng.end.line):
            continue
        diag = to_lsp(d, lines)
        edit = types.TextEdit(diag.range, m.group(1))
        out.append(types.CodeAction(
            title=f"Replace with '{m.group(1)}' ({d.code})", kind=types.CodeActionKind.QuickFix,
            diagnostics=[diag], is_preferred=True,
            edit=types.WorkspaceEdit(changes={uri: [edit]})))
    return out


# -- formatting ------------------------------------------------------------------------------
def formatting(service: AnalysisService, key: str, text: str) -> list[types.TextEdit]:
    """`runeforge fmt` of the editor's text, as one edit (comments and layout kept)."""
    game = games.get(game_of(service, key))
    res = format_file(Path(key), game.canonical, game.card_kinds,
                      raw=text.encode("utf-8", errors="surrogatepass"),
                      places=game.ability_places)
    if res.new_bytes is None:
        return []
    new = res.new_bytes.decode("utf-8").lstrip("\ufeff")
    old_lines = text.split("\n")
    end = types.Position(len(old_lines) - 1, utf16_col(old_lines[-1], len(old_lines[-1]) + 1))
    return [types.TextEdit(types.Range(types.Position(0, 0), end), new)]


# -- navigation ------------------------------------------------------------------------------
def _card_location(service: AnalysisService, card: Card) -> types.Location:
    key = key_of(card.path)
    line, col = card.pos("name")
    name_line = card.lines[line - 1] if 0 < line <= len(card.lines) else ""
    rng = to_range(card.lines, line, col, max(1, len(name_line) - col + 1))
    return types.Location(_uri(key), rng)


def _word(lines: list[str], position: types.Position) -> str | None:
    line, col = _where(lines, position)
    return word_at(lines[line - 1] if line <= len(lines) else "", col)


def definition(service: AnalysisService, lines: list[str],
               position: types.Position) -> types.Location | None:
    """Where the card (else the document entry: a trial, a map …) of the id under the
    cursor is defined."""
    word = _word(lines, position)
    card = service.card(word) if word else None
    if card is not None:
        return _card_location(service, card)
    for doc, keys, entry in _document_entries(service) if word else ():
        if entry["id"] == word:
            line, col = doc.pos(*keys, "id")
            return types.Location(_uri(key_of(doc.path)),
                                  to_range(doc.lines, line, col, len(word)))
    return None


def _document_entries(service: AnalysisService):
    """(document, keys, entry) of every document entry with an id (a document, or each
    entry of its kind's plural list: ``trials:``)."""
    for docs in service.content.documents.values():
        for doc in docs:
            if not isinstance(doc.data, dict):
                continue
            many = doc.data.get(doc.kind + "s")
            entries = ([((doc.kind + "s", i), e) for i, e in enumerate(many)]
                       if isinstance(many, list) else [((), doc.data)])
            for keys, entry in entries:
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    yield doc, keys, entry


def references(service: AnalysisService, lines: list[str], position: types.Position,
               include_declaration: bool) -> list[types.Location]:
    word = _word(lines, position)
    card = service.card(word) if word else None
    if card is None:
        return []
    out = [_card_location(service, card)] if include_declaration else []
    for ref_key, line, col in service.references(card.id):
        file = service.file_data(ref_key)
        ref_lines = file.source.lines if file is not None else []
        out.append(types.Location(_uri(ref_key), to_range(ref_lines, line, col, len(card.id))))
    return out


def symbols(service: AnalysisService, key: str, lines: list[str]) -> list[types.DocumentSymbol]:
    cards = service.cards_in(key)
    out = []
    for i, card in enumerate(cards):
        start = card.pos()[0]
        end = cards[i + 1].pos()[0] - 1 if i + 1 < len(cards) else len(lines)
        while end > start and end <= len(lines) and not lines[end - 1].strip():
            end -= 1
        last = lines[end - 1] if 0 < end <= len(lines) else ""
        rng = types.Range(types.Position(start - 1, 0),
                          types.Position(max(start, end) - 1, utf16_col(last, len(last) + 1)))
        name = _card_location(service, card).range
        if not (rng.start.line <= name.start.line <= rng.end.line):
            name = types.Range(rng.start, rng.start)
        out.append(types.DocumentSymbol(card.name, types.SymbolKind.Object, rng, name,
                                        detail=f"{card.kind} · {card.id}"))
    return out + _document_symbols(service, key, lines)


def _document_symbols(service: AnalysisService, key: str, lines: list[str]):
    """The documents with an id in the file (a trial, or each entry of ``trials:``)."""
    out = []
    for doc, keys, entry in _document_entries(service):
        if key_of(doc.path) != key:
            continue
        line, col = doc.pos(*keys, "id")
        rng = to_range(lines, line, col, len(entry["id"]))
        out.append(types.DocumentSymbol(str(entry.get("name") or entry["id"]),
                                        types.SymbolKind.Module, rng, rng,
                                        detail=f"{doc.kind} · {entry['id']}"))
    return out
