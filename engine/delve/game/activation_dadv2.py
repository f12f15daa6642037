"""Which parts of an adversary's turn its activation rules really did (branch dadv2).

The IR's ``replaces`` says which parts (``move``, ``attack``) a "When activated, …" rule can
do itself; a part said under a condition ("In the adversary phase, if …, this adversary
attacks the nearest hero") is done only when the condition holds. When it fails, the
adversary still makes that part of its turn by its behaviour, as the card reader expects:
the rule names what it does *instead* when the condition holds, not a turn without an
attack. This module walks each rule's effects beside what each one did (``ops.apply``
returns one result for each effect, in order) and keeps the parts that ran."""

from __future__ import annotations

SELF = {"quantity": "self"}


def parts_done(effects: list[dict], done: list[dict]) -> set[str]:
    """The parts (``move``, ``attack``) of ``effects`` that ran, read from ``done``."""
    out: set[str] = set()
    for e, d in zip(effects, done, strict=False):
        op = e.get("op")
        if op in ("approach", "shift") and e.get("targets") == SELF:
            out.add("move")
        elif op == "strike" and e.get("by") == SELF:
            out.add("attack")
        elif op == "if" and isinstance(d, dict):
            branch = e.get("effects", []) if d.get("met", True) else e.get("otherwise", [])
            out |= parts_done(branch, d.get("effects") or [])
    return out


def ran_parts(ran: list[tuple[dict, list]]) -> set[str]:
    """The parts of the turn the rules that ran did, each within its IR's ``replaces``."""
    return {part for ir, done in ran
            for part in parts_done(ir["effects"], done) & set(ir.get("replaces", ()))}
