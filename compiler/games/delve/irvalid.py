"""Delve's IR check as the compiler and the cache run it: the engine's
:func:`~runeforge.engine.delve.ir.validate_ability` with the IR schema compiled to a yes/no
check (:mod:`runeforge.schema_fast`, with jsonschema's integers).

A valid IR passes without importing jsonschema, which a cold `check` paid a tenth of its time
for and a warm `play` a fifth (its cached Delve IR is checked again when read; issue 38). Any
other IR goes to jsonschema, which refuses it with the same message as before: the check is
the same one, only faster on the common answer (tests/test_schema_fast.py holds the two to
the same answer)."""

from __future__ import annotations

from functools import cache

from runeforge.engine.delve.ir import ir_schema, validate_ability


@cache
def _compiled():
    from runeforge.schema_fast import compile_schema

    return compile_schema(ir_schema(), float_integers=True)


def schema_check(ir) -> bool:
    """The IR schema as a compiled yes/no check: True is certain, anything else is left to
    jsonschema (validate_ability)."""
    check = _compiled()
    return check is not None and check(ir)


def validate_ir(ir: dict) -> None:
    """ValueError when ``ir`` is not a valid Delve ability IR (the game's ``ir.validate``)."""
    validate_ability(ir, schema_check)
