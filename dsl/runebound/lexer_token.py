"""One Lark token of an ability's text, with its place (a module of its own, so the lexer's
passes in other modules make tokens without importing the lexer: no import cycle)."""

from __future__ import annotations

from lark import Token


def make_token(type_: str, value: str, start: int, end: int) -> Token:
    return Token(type_, value, start_pos=start, line=1, column=start + 1,
                 end_line=1, end_column=end + 1, end_pos=end)
