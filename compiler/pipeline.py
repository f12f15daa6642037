"""The single place that runs load + validate + compile.

``check(dirs)`` is used by `runeforge check`, `build`, `text` and by other commands
(fight, odds, play, preview …) that need compiled content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic, has_errors
from .loader import Content, load_content

# Diagnostics that mean the command line was wrong (exit 2), not the content (exit 1).
USAGE_CODES = frozenset({"RF001", "RF004"})

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """A wrong option value or argument found below the CLI layer (exit 2)."""


@dataclass
class CheckResult:
    content: Content
    compiled: dict[str, list[dict]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)

    @property
    def exit_code(self) -> int:
        return exit_code(self.diagnostics)


def exit_code(diagnostics) -> int:
    diagnostics = list(diagnostics)
    if any(d.code in USAGE_CODES and d.is_error for d in diagnostics):
        return EXIT_USAGE
    return EXIT_CONTENT if has_errors(diagnostics) else EXIT_OK


def check(dirs=(), include_bundled: bool = True, compile: bool = True) -> CheckResult:
    """Load ``dirs`` (after the bundled content), validate, and compile the abilities."""
    content = load_content([Path(d) for d in dirs], include_bundled=include_bundled)
    result = CheckResult(content, diagnostics=list(content.diagnostics))
    result.diagnostics.extend(check_documents(content))
    if compile and not any(d.code in USAGE_CODES for d in content.diagnostics):
        from .abilities import compile_content

        compiled, diags = compile_content(content)
        result.compiled = dict(compiled)
        result.diagnostics.extend(diags)
    result.diagnostics = _unique(result.diagnostics)
    return result


def check_documents(content: Content) -> list[Diagnostic]:
    """Semantic checks of the rules data: boards (adjacency, terrain, towns) and rulesets
    (tables, the doom track's first town against the board's market column)."""
    from .boardcheck import check_board
    from .rulescheck import check_ruleset

    out: list[Diagnostic] = []
    towns: list[str] | None = None
    # the semantic checks read documents that passed their schema; the rest already have errors
    invalid = {d.path for d in content.diagnostics if d.is_error}
    for board in content.documents.get("board", []):
        if isinstance(board.data, dict) and board.path not in invalid:
            out.extend(check_board(board.data, board.pos, board.path, board.lines))
            column = board.data.get("market_column")
            if isinstance(column, list):
                towns = [row["town"] for row in column
                         if isinstance(row, dict) and isinstance(row.get("town"), str)]
    for ruleset in content.documents.get("ruleset", []):
        if isinstance(ruleset.data, dict) and ruleset.path not in invalid:
            out.extend(check_ruleset(ruleset.data, ruleset.pos, ruleset.path, ruleset.lines,
                                     towns=towns))
    return out


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diagnostics:
        key = (d.code, d.path, d.line, d.col, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
