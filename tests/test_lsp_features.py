"""The language server's features over the bundled content of every game in the registry
(no client: runeforge.lsp.features answers with lsprotocol values). The end-to-end tests
are tests/test_lsp_e2e.py."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")
from lark.exceptions import UnexpectedInput  # noqa: E402
from lsprotocol import types  # noqa: E402

from runeforge import games  # noqa: E402
from runeforge.analysis import AnalysisService, key_of  # noqa: E402
from runeforge.lsp import features  # noqa: E402
from runeforge.lsp.complete import ability_words, parser_of  # noqa: E402


@pytest.fixture(scope="module")
def service():
    service = AnalysisService([])
    service.check_all()
    return service


def _first_ability(service, game_id):
    """(file key, lines, 0-based line, 0-based column inside the text, card) of a bundled
    ability with a ": " in it."""
    for card in service.content.cards.values():
        if card.game != game_id or not service.content.packs[card.pack].bundled:
            continue
        for keys, _text in _abilities(card.data, ()):
            line, col = card.pos(*keys)
            lines = card.lines
            here = lines[line - 1]
            if here[col - 1] == '"' and ": " in here[col:]:
                # the cursor just after the first ": " (where a keyword comes)
                return key_of(card.path), lines, line - 1, here.index(": ", col) + 2, card
    return None


def _abilities(data, keys):
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "abilities" and isinstance(v, list):
                yield from (((*keys, k, i), t) for i, t in enumerate(v) if isinstance(t, str))
            else:
                yield from _abilities(v, (*keys, k))


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_gets_hover_completion_and_symbols(service, game_id):
    found = _first_ability(service, game_id)
    if found is None:
        pytest.skip(f"the game {game_id} bundles no quoted ability")
    key, lines, line, col, card = found
    hover = features.hover(service, key, lines, types.Position(line, col))
    assert hover is not None and f"of {card.name}" in hover.contents.value
    assert "**IR**" in hover.contents.value or "does not parse" not in hover.contents.value
    words = features.completion(service, key, lines, types.Position(line, col))
    assert words, f"{game_id}: nothing offered after {lines[line][:col]!r}"
    # each word offered, put at the cursor, is one the parser takes there
    lark = parser_of(game_id)[0]
    head = lines[line][lines[line].index('"') + 1: col]
    for word in words:
        ip = lark.parse_interactive(head + word.label)
        ip.exhaust_lexer()  # raises UnexpectedToken for a word the grammar refuses
    with pytest.raises(UnexpectedInput):
        ip = lark.parse_interactive(head + ": : :")
        ip.exhaust_lexer()
    names = [s.name for s in features.symbols(service, key, lines)]
    assert card.name in names


def test_completion_is_the_grammar_not_a_word_list():
    assert "exhaustion" in ability_words(games.DEFAULT_GAME, "Before Combat: Take 1 ")
    assert "exhaustion" not in ability_words(games.DEFAULT_GAME, "Before Combat: ")
    assert ability_words(games.DEFAULT_GAME, "Before Combat: Take 1 w") == ["wound", "wounds"]
    assert ability_words(games.DEFAULT_GAME, "Take Take ") == []  # the prefix does not parse


def test_quick_fix_replaces_the_located_word(service, tmp_path):
    path = tmp_path / "items.yaml"
    text = ("kind: item\ncards:\n  - name: Lamp of Fixes\n    origin: original\n    cost: 3\n"
            "    clas: artifact\n    type: trinket\n    usage: activated\n")
    (tmp_path / "manifest.yaml").write_text("kind: manifest\nid: fixes\nname: Fixes\n"
                                            "type: set\norigin: original\n")
    path.write_text(text)
    local = AnalysisService([tmp_path])
    local.check_all()
    lines = text.split("\n")
    rng = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
    fixes = features.quick_fixes(local, key_of(path), lines, path.as_uri(), rng)
    assert [f.title for f in fixes] == ["Replace with 'class' (RF202)"]
    edit = fixes[0].edit.changes[path.as_uri()][0]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character,
            edit.new_text) == (5, 4, 8, "class")


def test_completion_while_the_yaml_does_not_parse(tmp_path):
    (tmp_path / "manifest.yaml").write_text("kind: manifest\nid: typing\nname: Typing\n"
                                            "type: set\norigin: original\n")
    text = ("kind: item\ncards:\n  - name: Half Typed\n    origin: original\n    cost: 3\n"
            "    class: artifact\n    type: trinket\n    usage: activated\n    abilities:\n"
            '      - "Before Combat: Take 1 \n')
    service = AnalysisService([tmp_path])
    path = tmp_path / "items.yaml"
    assert [d.code for d in service.update(path, text)[key_of(path)]] == ["RF101"]
    lines = text.split("\n")
    words = [w.label for w in features.completion(service, key_of(path), lines,
                                                  types.Position(9, len(lines[9])))]
    assert "exhaustion" in words and "wound" in words
    usage = [w.label for w in features.completion(service, key_of(path), lines,
                                                  types.Position(7, len(lines[7])))]
    assert usage == ["activated", "one-use", "constant"]


def test_definition_of_a_document_id(service):
    """A campaign adventure's `trial:` lands on the Delve trial's `id:`."""
    for doc in service.content.documents.get("campaign", []):
        lines = doc.lines
        for n, text in enumerate(lines):
            if text.strip().startswith("trial:"):
                word = text.split("trial:")[1].strip()
                loc = features.definition(service, lines,
                                          types.Position(n, text.index(word) + 1))
                target = Path(loc.uri[len("file://"):]).read_text().split("\n")
                assert target[loc.range.start.line].strip() == f"- id: {word}"
                return
    pytest.skip("no campaign document names a trial")


@pytest.mark.parametrize("formats, kind", [
    (None, types.MarkupKind.Markdown),
    ([types.MarkupKind.PlainText, types.MarkupKind.Markdown], types.MarkupKind.PlainText),
    ([types.MarkupKind.Markdown, types.MarkupKind.PlainText], types.MarkupKind.Markdown),
    (["html", types.MarkupKind.PlainText], types.MarkupKind.PlainText),
])
def test_hover_speaks_the_format_the_client_asks_for(formats, kind):
    caps = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
        hover=types.HoverClientCapabilities(content_format=formats)))
    assert features.hover_kind(caps) == kind
    assert features.hover_kind(types.ClientCapabilities()) == types.MarkupKind.Markdown


@pytest.mark.parametrize("game_id", games.ids())
def test_plain_text_hover_has_no_marks_and_no_python_spelling(service, game_id):
    import re

    found = _first_ability(service, game_id)
    if found is None:
        pytest.skip(f"the game {game_id} bundles no quoted ability")
    key, lines, line, col, card = found
    plain = features.hover(service, key, lines, types.Position(line, col),
                           types.MarkupKind.PlainText)
    marked = features.hover(service, key, lines, types.Position(line, col))
    assert plain.contents.kind == types.MarkupKind.PlainText
    assert marked.contents.kind == types.MarkupKind.Markdown
    assert not re.search(r"\*\*|```|^#|`", plain.contents.value, re.M), plain.contents.value
    assert "**" in marked.contents.value
    for value in (plain.contents.value, marked.contents.value):
        head = value.split("IR")[0]  # the structure, before the IR's JSON
        assert not re.search(r"[A-Za-z]\(\w+=|'\w+'|\[\w+\(", head), head
