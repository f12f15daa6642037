"""A problem a semantic check finds in an ability: a code, a message, offsets into the text
and a hint (the compiler makes it a located diagnostic)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    span: tuple[int, int]
    hint: str | None = None
    severity: str = "error"
