"""Nothing in the generic pipeline names a Runebound term (issue 12).

The modules below are the path every game goes through: loading, checking, formatting, the
build stages and the commands that dispatch through the game registry. Their names and string
constants (docstrings and comments aside) must not name a Runebound card kind or the game:
what is Runebound's is reached through ``runeforge.games``. Read with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERIC = [
    "compiler/loader.py", "compiler/pipeline.py", "compiler/schema.py", "compiler/formatter.py",
    "compiler/games/__init__.py", "compiler/backends/__init__.py", "compiler/backends/bundle.py",
    "compiler/backends/text.py", "compiler/backends/pdf_stage.py",
    "compiler/backends/pdf_document.py", "compiler/backends/pdf_sheet.py",
    "compiler/backends/preview.py", "compiler/commands/check.py", "compiler/commands/fmt.py",
    "compiler/commands/text.py", "compiler/commands/build.py", "compiler/commands/preview.py",
    "compiler/scenarios/__init__.py", "compiler/scenarios/report.py", "compiler/commands/test.py",
    # the analysis service and the language server (issue 17: every game of the registry;
    # runeforge.analysis.odds pits a game's heroes against its foes, as `runeforge odds` does)
    "compiler/analysis/__init__.py", "compiler/analysis/service.py", "compiler/commands/lsp.py",
    "compiler/lsp/server.py", "compiler/lsp/features.py", "compiler/lsp/complete.py",
    "compiler/lsp/hover.py", "compiler/lsp/locate.py",
    # the authoring page (issue 18; its views.py bridges to each game's odds, as
    # runeforge.analysis.odds does)
    "compiler/commands/studio.py", "compiler/studio/__init__.py", "compiler/studio/paths.py",
    "compiler/studio/session.py", "compiler/studio/security.py", "compiler/studio/app.py",
]
# the one place the default game is named: a pack without `game:` is Runebound (issue 12)
ALLOWED = {("compiler/games/__init__.py", "runebound-2e")}
TERMS = ("hero", "challenge", "ally", "allies", "encounter", "runebound", "dragon", "rune")


def terms_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of every identifier or non-docstring string constant naming a term."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            text = node.name
        elif isinstance(node, ast.arg):
            text = node.arg
        else:
            continue
        words = text.lower().replace("_", " ").replace("-", " ").replace(".", " ").split()
        if any(w in TERMS for w in words):
            found.append((getattr(node, "lineno", 0), text))
    return found


@pytest.mark.parametrize("relpath", GENERIC)
def test_generic_module_names_no_runebound_term(relpath):
    source = (ROOT / relpath).read_text(encoding="utf-8")
    assert [t for t in terms_in(source) if (relpath, t[1]) not in ALLOWED] == []


def test_the_check_finds_a_planted_term():
    planted = 'def f(card):\n    """A hero."""\n    return card.kind == "hero"\n'
    assert terms_in(planted) == [(3, "hero")]
    assert terms_in("x = challenge_deck\n") == [(1, "challenge_deck")]
