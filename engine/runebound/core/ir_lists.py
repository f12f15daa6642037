"""One value or several (issue 32, lists): where a selector, condition or event names a colour
or a terrain, the IR holds one value (a string, as IR version 2 always had) or a list of two or
more distinct values, written by the compiler in the game's order (docs/effect-ir.md, "Lists of
values"). :func:`values` is how the engine reads either shape; the schema is :func:`schema`."""

from __future__ import annotations


def schema(items: tuple, single: dict | None = None) -> dict:
    """One value (``single``, an enum of ``items`` unless given) or a list of two or more."""
    return {"anyOf": [single if single is not None else {"enum": list(items)},
                      {"type": "array", "items": {"enum": list(items)}, "minItems": 2,
                       "uniqueItems": True}]}


def values(value) -> tuple:
    """The values an IR field names: () for null, one string, or each of a list."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def matches(value, wanted) -> bool:
    """Whether ``value`` (what the game has: a terrain, a colour) is one of ``wanted``."""
    return value in values(wanted)
