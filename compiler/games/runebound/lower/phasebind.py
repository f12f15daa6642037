"""A trigger said under a phase's tag fires in that phase only (issue 32, "what compiles
runs"): "Melee: Every time your Hero takes 1 or more wounds, take 1 exhaustion." The ability
is used in the melee phase and its trigger stays in force until the end of the turn; before,
it fired in the magic phase and in every later phase too. :func:`bind_triggers` writes the
tag's phase into each such trigger (IR ``during``), as :func:`.defend.bind_phase` does for the
defence event, and the engine matches an event only while that phase is under way.

A trigger under a duration the author says ("Melee: until the end of this combat, every time
...") lasts as that duration says, in every phase: it is not bound."""

from __future__ import annotations

from runeforge.engine.runebound.core.ir import PHASES


def _unbound(ops):
    """The trigger ops of ``ops`` (at any depth) that no duration holds."""
    stack = list(ops)
    while stack:
        op = stack.pop()
        if op.get("op") == "for_duration":
            continue
        if op.get("op") == "trigger":
            yield op
        for key in ("effects", "else"):
            if isinstance(op.get(key), list):
                stack.extend(op[key])
        for branch in op.get("options", ()) or ():
            if isinstance(branch, list):
                stack.extend(branch)
        for row in op.get("rows", ()) or ():
            if isinstance(row, dict) and isinstance(row.get("effects"), list):
                stack.extend(row["effects"])


def bind_triggers(ir: dict) -> dict:
    """``ir`` with each trigger said under a phase's tag bound to that phase."""
    tag = ir["timing"].get("tag")
    if tag in PHASES:
        for op in _unbound(ir["effects"]):
            op["during"] = tag
    return ir


__all__ = ["bind_triggers"]
