"""IR of the first wounds of each combat or combat round cancelled (branch rbwound, issue 32
part III): the op's name, its periods and its schema, which ir.py appends. The engine's rule
is in wounds_rbwound.py; the schema lives here so that the IR's schema imports no engine
module (the rule imports the engine's effects: issue 38, a cold check built the schema and
imported them for nothing)."""

from __future__ import annotations

OP = "cancel_first"
PERS = ("combat", "round")


def schema(_op, _enum, count, target) -> dict:
    """The IR schema of the op (engine/runebound/core/ir.py appends it)."""
    return {**_op(OP, target=target, value=count, per=_enum(PERS)),
            "required": ["op", "target", "value", "per"]}
