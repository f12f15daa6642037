"""The syntax error of the Delve dialect is the dsl's (offsets into the text)."""

from ..errors import AbilitySyntaxError

__all__ = ["AbilitySyntaxError"]
