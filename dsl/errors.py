"""Errors of the ability language, with offsets into the ability text.

The dsl package does not know about files; the compiler maps ``start``/``end`` (0-based
offsets into the ability string) to ``file:line:col`` in the YAML source.
"""

from __future__ import annotations

from typing import Iterable


class AbilitySyntaxError(Exception):
    """The ability text does not parse. ``start``/``end`` are offsets into the text."""

    def __init__(self, message: str, start: int, end: int, *, code: str = "RF301",
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = max(end, start + 1)
        self.code = code
        self.hint = hint

    def __str__(self) -> str:
        tail = f" ({self.hint})" if self.hint else ""
        return f"col {self.start + 1}: {self.message}{tail}"


def suggest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The closest candidate to ``word`` (case-insensitive), or None."""
    import difflib  # here: a text without a misspelling never needs it (issue 38)

    pool = {c.lower(): c for c in candidates}
    match = difflib.get_close_matches(word.lower(), list(pool), n=1, cutoff=cutoff)
    return pool[match[0]] if match else None
