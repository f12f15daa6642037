"""IR ops of the compositional core (issue 32, part III), added to the schema by
:func:`runeforge.engine.runebound.core.ir.ir_schema` (docs/effect-ir.md)."""

from __future__ import annotations

from . import ir_lists

COUNTABLES = ("wound", "exhaustion", "gold", "item", "ally", "trophy")
WHO = ("each", "each_other", "most", "fewest", "another")  # another: branch rbverb
TERRAINS = ("road", "river", "plains", "hills", "forest", "swamp", "mountains")
RESTRICTIONS = ("buy_items",)  # "Heroes cannot buy Items."
COST_OPS = ("discard_ally",)


def selector_schema(enum, count) -> dict:
    return {
        "type": "object", "additionalProperties": False,
        "required": ["who", "place", "within", "having", "measure"],
        "properties": {
            "who": enum(WHO),
            # one terrain or a list of them (issue 32, lists: "each Hero in a swamp or forest
            # space")
            "place": ir_lists.schema(TERRAINS, {"enum": [None, "space", "town", *TERRAINS]}),
            "within": {"type": ["integer", "null"], "minimum": 1, "maximum": 9},
            "having": {"type": ["object", "null"], "additionalProperties": False,
                       "required": ["count", "what"],
                       "properties": {"count": count, "what": enum(COUNTABLES)}},
            "measure": {"enum": [None, *COUNTABLES]},
        },
    }


def _repeat(op, enum, count, effects) -> dict:
    """``repeat``: the effects once per thing counted, at most ``most`` times when it is
    given (issue 32, session bonus: "(maximum 3)")."""
    spec = op("repeat", per=enum(COUNTABLES), effects=effects, most=count)
    spec["required"].remove("most")
    return spec


def effect_ops(op, amount, enum, count, effects) -> list[dict]:
    return [
        op("each_hero", selector=selector_schema(enum, count), effects=effects),
        _repeat(op, enum, count, effects),
        op("lose_gold", amount=amount()),
        op("end_turn"),
        op("keep_trophy"),
        op("discard_ally"),
        op("pay_to", costs={"type": "array", "items": {"$ref": "#/$defs/cost"}, "minItems": 1},
           effects=effects),
        op("pay_or", costs={"type": "array", "items": {"$ref": "#/$defs/cost"}, "minItems": 1},
           effects=effects),
    ]


def cost_ops(op) -> list[dict]:
    return [op("discard_ally")]
