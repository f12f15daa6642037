"""`runeforge lsp` end to end: a real LSP client (pytest-lsp) talks to the server over stdio.

One server for the module (its start and the bundled content's first check cost a few
seconds); each test opens its own file. Content: the bundled cards plus a Runebound pack and
a Delve pack written into a temporary folder (``initializationOptions.dirs``).
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

# pytest-lsp comes with the `test` extra; in CI (.ci/run sets CI) a missing one fails
pytest_lsp = (__import__("pytest_lsp") if os.environ.get("CI")
              else pytest.importorskip("pytest_lsp"))
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")

SERVER = [sys.executable, "-c", "from runeforge.cli import main; main()", "lsp"]
MANIFEST = ("kind: manifest\nid: lsp-test\nname: LSP test\ntype: set\norigin: original\n"
            "skills: [Swim, Climb]\n")
ITEMS = """\
# Items for the language server's tests.
kind: item
cards:
  - name: Lantern of Trials
    origin: original
    cost: 3
    class: artifact
    type: trinket
    usage: activated
    abilities:
      - "Before Combat: Activate and take 1 exhaustoin. Gain 1 gold."
"""
DELVE_MANIFEST = ("kind: manifest\nid: lsp-delve\nname: LSP Delve\ntype: set\n"
                  "origin: original\ngame: delve\n")
TRIALS = """\
kind: trial
trials:
  - id: lsp-descent
    name: The LSP Descent
    origin: original
    start_tile: entry-hall
    deck: [dripping-steps, hall-of-statues]
    goal: {type: clear}
"""
MALFORMED = [
    ("tab", "kind: item\ncards:\n\t- name: X\n", "RF102"),
    ("flow", "kind: item\ncards: [\n", "RF101"),
    ("empty", "", "RF106"),
    ("bom", "\ufeffkind: item\ncards: []\n", "RF105"),
    ("dupkey", "kind: item\nkind: item\ncards: []\n", "RF103"),
    ("alias", "kind: item\ncards:\n  - &a {name: A}\n  - *a\n", "RF107"),
    ("badint", "kind: item\ncards:\n  - name: B\n    cost: 0x\n", None),
    ("list", "- 1\n- 2\n", "RF201"),
    ("deep", "kind: item\ncards: " + "[" * 200 + "\n", None),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("lsp-ws")
    (root / "rb").mkdir()
    (root / "rb" / "manifest.yaml").write_text(MANIFEST)
    (root / "rb" / "items.yaml").write_text(ITEMS)
    (root / "dv").mkdir()
    (root / "dv" / "manifest.yaml").write_text(DELVE_MANIFEST)
    (root / "dv" / "trials.yaml").write_text(TRIALS)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=workspace.as_uri(),
        initialization_options={"dirs": [str(workspace)]}))
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str, version: int,
                       text: str, change: bool = False) -> list[types.Diagnostic]:
    """Open (or change) a document and wait for its diagnostics."""
    client.diagnostics.pop(uri, None)
    if change:
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))
    else:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
    for _ in range(12_000):  # up to 10 minutes: a hang guard, not a verdict on speed
        if uri in client.diagnostics:
            return list(client.diagnostics[uri])
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics for {uri}")


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                    reverse=True):
        s, t = e.range.start, e.range.end
        head = "\n".join(lines[: s.line] + [lines[s.line][: s.character]])
        tail = "\n".join([lines[t.line][t.character:]] + lines[t.line + 1:]) \
            if t.line < len(lines) else ""
        lines = (head + e.new_text + tail).split("\n")
    return "\n".join(lines)


async def test_typo_diagnostic_at_its_range_and_quick_fix_clears_it(client, workspace):
    uri = (workspace / "rb" / "items.yaml").as_uri()
    diags = await _diagnostics(client, uri, 1, ITEMS)
    assert [d.code for d in diags] == ["RF302"], diags
    d = diags[0]
    line = ITEMS.split("\n")[d.range.start.line]
    assert line[d.range.start.character: d.range.end.character] == "exhaustoin"
    assert d.range.start.line == 10 and "hint: did you mean 'exhaustion'?" in \
        d.related_information[0].message
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), d.range, types.CodeActionContext([d])))
    assert [a.title for a in actions] == ["Replace with 'exhaustion' (RF302)"]
    fixed = _apply(ITEMS, actions[0].edit.changes[uri])
    assert "take 1 exhaustion. Gain" in fixed
    assert await _diagnostics(client, uri, 2, fixed, change=True) == []


async def test_completion_after_take_1(client, workspace):
    uri = (workspace / "rb" / "complete.yaml").as_uri()
    text = ITEMS.replace("Lantern of Trials", "Lantern of Words").replace(
        "Activate and take 1 exhaustoin. Gain 1 gold.", "Take 1 ")
    await _diagnostics(client, uri, 1, text)
    line = 10
    col = text.split("\n")[line].index("Take 1 ") + len("Take 1 ")
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(line, col)))
    labels = [i.label for i in (result.items if hasattr(result, "items") else result)]
    assert "exhaustion" in labels and "wound" in labels
    assert "gold" in labels  # "take 1 gold (from the bank)" is "gain 1 gold" (branch rbverbs)
    # only what the grammar accepts there
    assert "Body" not in labels and "Before" not in labels and "Hero" not in labels


async def test_hover_shows_the_russian_text(client, workspace):
    uri = (workspace / "rb" / "hover.yaml").as_uri()
    text = ITEMS.replace("Lantern of Trials", "Lantern of Tongues").replace(
        "exhaustoin", "exhaustion")
    assert await _diagnostics(client, uri, 1, text) == []
    line = 10
    col = text.split("\n")[line].index("Gain")
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line, col)))
    value = hover.contents.value
    ru = next(row for row in value.split("\n") if row.startswith("- ru: "))
    assert any("\u0400" <= c <= "\u04ff" for c in ru), ru
    assert "**IR**" in value and "- el: " in value and "- en: " in value


async def test_hover_beside_a_broken_ability_shows_its_own_text(client, workspace):
    """Issue 37: one ability that does not parse made every ability of its card show that
    error in place of its rules text, in all five locales."""
    uri = (workspace / "rb" / "siblings.yaml").as_uri()
    text = ITEMS.replace("Lantern of Trials", "Lantern of Siblings").replace(
        "exhaustoin. Gain 1 gold.\"\n",
        "exhaustion. Gain 1 gold.\"\n      - \"Gain gold gold gold.\"\n")
    diags = await _diagnostics(client, uri, 1, text)
    assert [d.range.start.line for d in diags if d.severity == 1] == [11]
    col = text.split("\n")[10].index("Gain")
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(10, col)))
    rows = {row[2:4]: row[6:] for row in hover.contents.value.split("\n")
            if row[2:4] in ("en", "fi", "pl", "el", "ru") and row[4:6] == ": "}
    assert sorted(rows) == ["el", "en", "fi", "pl", "ru"], hover.contents.value
    assert rows["en"] == "Before combat: Activate and take 1 exhaustion to gain 1 gold." \
        or "gold" in rows["en"]
    assert not any("no text" in t or "parse" in t or "gold gold" in t for t in rows.values())


async def test_formatting_is_fmt_and_keeps_comments(client, workspace):
    uri = (workspace / "rb" / "fmt.yaml").as_uri()
    text = ITEMS.replace("Lantern of Trials", "Lantern of Form").replace(
        "Activate and take 1 exhaustoin. Gain 1 gold.",
        "activate   and TAKE 1 exhaustion.  gain 1 gold.")
    await _diagnostics(client, uri, 1, text)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True)))
    new = _apply(text, edits)
    assert new == ITEMS.replace("Lantern of Trials", "Lantern of Form").replace(
        "exhaustoin", "exhaustion")
    assert new.startswith("# Items for the language server's tests.\n")


async def test_definition_from_a_trial_deck_lands_on_the_card(client, workspace):
    uri = (workspace / "dv" / "trials.yaml").as_uri()
    assert await _diagnostics(client, uri, 1, TRIALS) == []
    line = 6
    col = TRIALS.split("\n")[line].index("hall-of-statues") + 3
    loc = await client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(uri), types.Position(line, col)))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri.endswith("/delve/exploration.yaml")
    target = Path(loc.uri[len("file://"):]).read_text().split("\n")[loc.range.start.line]
    assert "name: Hall of Statues" in target
    refs = await client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=False),
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(line, col)))
    assert any(r.uri == uri and r.range.start.line == line for r in refs)


async def test_document_symbols_are_the_cards(client, workspace):
    uri = (workspace / "rb" / "items.yaml").as_uri()
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)))
    assert [s.name for s in symbols] == ["Lantern of Trials"]


@pytest.mark.parametrize("name,text,code", MALFORMED, ids=[m[0] for m in MALFORMED])
async def test_malformed_file_never_crashes_the_server(client, workspace, name, text, code):
    uri = (workspace / "rb" / f"bad-{name}.yaml").as_uri()
    diags = await _diagnostics(client, uri, 1, text)
    assert diags, f"{name}: no diagnostic"
    assert all(d.code.startswith("RF") for d in diags)
    if code is not None:
        assert code in [d.code for d in diags], diags
    # located: a line and column whenever the file has content
    if text.strip():
        assert any(d.range.start.line > 0 or d.range.start.character > 0
                   or d.range.end.character > 0 for d in diags), diags
    # and the server answers the next requests on that very file
    pos = types.Position(1, 3)
    doc = types.TextDocumentIdentifier(uri)
    await client.text_document_hover_async(types.HoverParams(doc, pos))
    await client.text_document_completion_async(types.CompletionParams(doc, pos))
    await client.text_document_formatting_async(types.DocumentFormattingParams(
        doc, types.FormattingOptions(2, True)))
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier((workspace / "rb" / "items.yaml").as_uri())))
    assert symbols is not None
    assert client.error is None
