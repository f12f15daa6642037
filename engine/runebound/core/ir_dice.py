"""IR of a die table (issue 32, session rbdice): ``roll_table``.

``{"op": "roll_table", "rows": [{"low": 1, "high": 3, "effects": [...]}, ...]}`` rolls one die of
the ruleset's ``die_faces``; a row's ``low`` or ``high`` may be null ("3 or less", "8 or more").
Optional keys, left out when they say the default: ``dice`` (2: two dice), ``add`` (an
attribute of the roller added to the total: "Roll two dice and add your Body"), ``keep``
("higher": the better die counts, not the total), ``else`` (the effects of a result no row
names: "Otherwise, ...").
"""

from __future__ import annotations

MAX_DICE = 2
KEEP = ("higher",)


def roll_table_schema(effects: dict, count: dict, attributes) -> dict:
    bound = {**count, "type": ["integer", "null"]}
    return {
        "type": "object", "additionalProperties": False, "required": ["op", "rows"],
        "properties": {
            "op": {"const": "roll_table"},
            "rows": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False,
                "required": ["low", "high", "effects"],
                "properties": {"low": bound, "high": bound, "effects": effects}}},
            "dice": {"type": "integer", "minimum": 1, "maximum": MAX_DICE},
            "add": {"enum": list(attributes)},
            "keep": {"enum": list(KEEP)},
            "else": effects,
        },
    }


def total(engine, hero, table) -> tuple[list[int], int]:
    """(the faces rolled, the result a row reads) of ``table`` (its dice, keep and add)."""
    faces = engine.ruleset.die_faces
    rolled = [engine.dice.die(faces) for _ in range(table.dice)]
    result = max(rolled) if table.keep == "higher" else sum(rolled)
    if table.add is not None:
        result += engine.stat(hero, table.add)
    return rolled, result


def row_for(rows, result):
    """The first row (low, high, effects) whose bounds (None: open) hold ``result``, or None."""
    return next((r for r in rows if (r[0] is None or r[0] <= result)
                 and (r[1] is None or result <= r[1])), None)
