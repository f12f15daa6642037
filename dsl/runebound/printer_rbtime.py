"""Canonical English of branch rbtime (issue 32, part III): the condition ``moment``, a moment
of a combat (parser_rbtime.py): "it is the magic phase", "it is the first combat round", "it is
the ranged phase of the first combat round", "you are in combat". printer_branching.condition says it so."""

from __future__ import annotations


def moment_key(c) -> str:
    """The condition's key: the phase, "first", both ("ranged.first"), or "combat" (any step
    of a combat)."""
    return ".".join(p for p in (c.value, "first" if c.count == 1 else None) if p) or "combat"


def moment_text(c) -> str:
    if c.value is None and c.count is None:
        return "you are in combat"
    phase = f"the {c.value} phase" if c.value else None
    first = "the first combat round" if c.count == 1 else None
    if phase and first:
        return f"it is {phase} of {first}"
    return f"it is {phase or first}"


__all__ = ["moment_key", "moment_text"]
