"""IR of how the wounds of one attack are counted (branch rbdamage, issue 32 part III): the
op's name, its fields' values and its schema, which ir.py appends. The engine's rule is in
damage_rbdamage.py; the schema lives here so that the IR's schema imports no engine module (as
ir_rbwound.py: a cold check validates IR and runs no rule, issue 38)."""

from __future__ import annotations

OP = "damage_rule"
MODES = ("add", "multiply", "cap")  # in the order they count
SIDES = ("deals", "takes")
ROLLS = ("attack", "defend")
PHASES = ("ranged", "melee", "magic")
COLOURS = ("green", "yellow", "blue", "red")


def schema(_op, _enum, count, target) -> dict:
    """The IR schema of the op (engine/runebound/core/ir.py appends it)."""
    colours = {"type": "array", "items": _enum(COLOURS), "minItems": 1, "uniqueItems": True}
    return {**_op(OP, mode=_enum(MODES), value=count, target=target, side=_enum(SIDES),
                  phase=_enum((*PHASES, None)), colours=colours, roll=_enum(ROLLS),
                  margin={"type": "integer", "minimum": 1, "maximum": 20}),
            "required": ["op", "mode", "value", "target", "side", "phase"]}
