"""An adversary's card that states its own turn (issue 32, branch dfix).

"When activated, …" / "In the adversary phase, …" runs as the adversary's turn begins. When
its effects move the adversary itself ("this adversary moves towards the nearest hero",
"move this adversary 2 spaces …") that move is its move of the turn, and when they make it
attack ("… then attacks it") that attack is its attack of the turn: the adversary phase
does not move it, or make it attack, again by its behaviour. The IR says which parts the
rule replaces (``replaces``: ``move``, ``attack``), and the engine reads that list
(``game/adversaries.py``); a rule that only heals, wounds or moves others replaces nothing.
A part said under a condition ("if …, this adversary attacks it") is listed too, but the
engine leaves it to the behaviour when the condition fails (branch dadv2,
``engine/delve/game/activation_dadv2.py``): the adversary then moves and attacks as usual."""

from __future__ import annotations

SELF = {"quantity": "self"}


def _parts(effects: list[dict]) -> set[str]:
    out: set[str] = set()
    for e in effects:
        op = e["op"]
        if op in ("approach", "shift") and e.get("targets") == SELF:
            out.add("move")
        elif op == "strike" and e.get("by") == SELF:
            out.add("attack")
        elif op == "if":     # "if …, it attacks …" and what it does otherwise
            out |= _parts(e.get("effects", [])) | _parts(e.get("otherwise", []))
    return out


def replaces(ir: dict) -> list[str]:
    """The parts of the adversary's turn an activation rule's IR does itself, in turn order."""
    if ir.get("form") != "trigger" or ir.get("event") != "activated":
        return []
    parts = _parts(ir["effects"])
    return [p for p in ("move", "attack") if p in parts]
