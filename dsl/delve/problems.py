"""A problem a semantic check finds in an ability: a code, a message, offsets into the text
and a hint (the compiler makes it a located diagnostic)."""

from __future__ import annotations

from ..nodeclass import astnode


@astnode
class Problem:
    """A problem found in an ability: code, message, span in the text, hint and severity."""

    code: str
    message: str
    span: tuple[int, int]
    hint: str | None = None
    severity: str = "error"
