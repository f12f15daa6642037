"""The IR of a value a selector, condition or event names (issue 32, lists): one value is its
string, as IR version 2 always had; several are a list in the AST's canonical order, two or
more (docs/effect-ir.md, "Lists of values"). Lowering's, not the language's: the AST holds a
str or a tuple, and only here does it become the IR's shape."""

from __future__ import annotations


def ir_value(value):
    """None, the str of one value, or the list of several."""
    if value is None:
        return None
    return str(value) if isinstance(value, str) else [str(v) for v in value]
