"""Lowering of the Hero's defence roll as a trigger event (issue 32, session rbdefend): ``you
fail to defend`` (IR event kind ``defend_result``, ``success``, ``phase``). Said under a phase's
tag ("Melee: If you fail to defend, take 1 exhaustion."), the event is that phase's defence:
:func:`bind_phase` writes the tag's phase into it, so the engine matches that phase's roll only
and the trigger does what the tag says in every later phase and round too."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

PHASES = ("ranged", "melee", "magic")


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.DefendResult):
            return {"kind": "defend_result", "success": e.success, "phase": None}
        return inner(e)

    return event


def _ops(ops):
    for op in ops:
        yield op
        for key in ("effects", "else"):
            if isinstance(op.get(key), list):
                yield from _ops(op[key])
        for branch in op.get("options", ()) or ():
            if isinstance(branch, list):
                yield from _ops(branch)


def bind_phase(ir: dict) -> dict:
    """``ir`` with each defence event under a phase's tag bound to that phase."""
    tag = ir["timing"].get("tag")
    if tag in PHASES:
        for op in _ops(ir["effects"]):
            event = op.get("event") if op.get("op") == "trigger" else None
            if event and event.get("kind") == "defend_result":
                event["phase"] = tag
    return ir
