"""What both YAML front ends share: the decoded text of a file (:class:`Source`), the nesting
bound and the duplicate-key check, so that :mod:`.yamlsafe` (which chooses the front end) and
:mod:`.yaml_ruamel` import them from here and not from each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic

# Deepest nesting of block indentation, and of flow collections ([ {), the scanner accepts.
# Card data needs fewer than 10; ruamel's scanner costs time quadratic in the flow depth
# and its composer recurses per level, so the bound keeps a hostile file fast and shallow.
MAX_DEPTH = 50


@dataclass
class Source:
    """The text of one file, normalised to LF, and its lines (for diagnostics)."""

    path: Path
    display: str
    text: str = ""
    crlf: bool = False
    lines: list[str] = field(default_factory=list)

    def line(self, line: int) -> str:
        """Source line ``line`` (1-based) without its line end, or '' if out of range."""
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return ""

    def diag(self, code: str, message: str, line: int = 0, col: int = 0, **kw) -> Diagnostic:
        src = self.line(line) if line else None
        return Diagnostic(code, message, self.display, line, col, source_line=src, **kw)


def duplicate_key(src: Source, node) -> Diagnostic | None:
    """RF103 for the first mapping (depth first) that repeats a key (the nodes of either
    front end: ruamel's or PyYAML's)."""
    stack = [node]
    while stack:
        node = stack.pop()
        kind = node.id
        if kind == "mapping":
            seen: dict = {}
            for key, value in node.value:
                k = key.value if key.id == "scalar" else id(key)
                if k in seen:
                    return duplicate_diag(src, k, key, seen[k])
                seen[k] = key.start_mark.line + 1
                stack.append(value)
        elif kind == "sequence":
            stack.extend(node.value)
    return None


def duplicate_diag(src: Source, k, key, first_line: int) -> Diagnostic:
    """RF103 at ``key`` (a key node), which repeats ``k`` first defined at ``first_line``."""
    mark = key.start_mark
    return src.diag("RF103", f"duplicate key '{k}' in a mapping", mark.line + 1,
                    mark.column + 1, length=max(1, len(str(k))),
                    hint=f"first defined at line {first_line}")
