"""The effect IR: the contract between the compiler and the engine (docs/effect-ir.md).

The engine defines it; the compiler targets it. This module has no dependency on the
ability language or the compiler.
"""

from __future__ import annotations

from functools import lru_cache

IR_VERSION = 1

TAGS = ("before_combat", "ranged", "melee", "magic", "any_phase")
WINDOWS = (
    "before_moving",
    "after_moving",
    "start_of_turn",
    "end_of_turn",
    "market_step",
    "after_combat",
    "defeat_challenge",
    "knocked_out",
)
LIMITS = ("turn", "combat", "round", "before_combat")
PHASES = ("ranged", "melee", "magic")
ATTRIBUTES = ("mind", "body", "spirit")
TARGETS = (
    "hero",
    "enemy",
    "ally",
    "hero_or_ally",
    "each_ally",
    "each_hero",
    "each_other_hero",
    "another_hero",
    "you",
)
TOKENS = ("wound", "exhaustion")
MODIFIABLE_STATS = (
    "mind",
    "body",
    "spirit",
    "life",
    "stamina",
    "ranged_damage",
    "melee_damage",
    "magic_damage",
    "ranged_roll",
    "melee_roll",
    "magic_roll",
    "movement_dice",
)
DURATIONS = ("end_of_combat", "end_of_round", "end_of_turn", "start_of_next_turn")
RESTRICTIONS = ("escape", "ally_attack")
MARKET_SUBJECTS = ("item", "ally")
COST_OPS = ("activate", "discard", "exhaustion", "wounds", "gold")


def _amount(kinds: tuple[str, ...] = ("fixed", "x", "choice", "up_to", "all")) -> dict:
    variants = {
        "fixed": {"properties": {"kind": {"const": "fixed"}, "value": {"type": "integer", "minimum": 0}},
                  "required": ["kind", "value"]},
        "x": {"properties": {"kind": {"const": "x"}}, "required": ["kind"]},
        "choice": {"properties": {"kind": {"const": "choice"},
                                  "values": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                             "minItems": 2}},
                   "required": ["kind", "values"]},
        "up_to": {"properties": {"kind": {"const": "up_to"}, "value": {"type": "integer", "minimum": 0}},
                  "required": ["kind", "value"]},
        "all": {"properties": {"kind": {"const": "all"}}, "required": ["kind"]},
        "at_least": {"properties": {"kind": {"const": "at_least"},
                                    "value": {"type": "integer", "minimum": 0}},
                     "required": ["kind", "value"]},
    }
    return {"oneOf": [dict(variants[k], type="object", additionalProperties=False) for k in kinds]}


def _op(name: str, **props) -> dict:
    properties = {"op": {"const": name}, **props}
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _enum(values) -> dict:
    return {"enum": list(values)}


def ir_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one compiled ability."""
    effects = {"type": "array", "items": {"$ref": "#/$defs/effect"}}
    target = _enum(TARGETS)
    effect_ops = [
        _op("attack", phase=_enum(PHASES), bonus={"type": "integer"},
            damage=_enum(("normal", "effect"))),
        _op("inflict", amount=_amount(), target=target),
        _op("suffer", amount=_amount(), token=_enum(TOKENS), target=target),
        _op("cancel", amount=_amount(), target=target),
        _op("heal", amount=_amount(), tokens={"type": "array", "items": _enum(TOKENS), "minItems": 1},
            target=target),
        _op("test", attribute=_enum(ATTRIBUTES), skill={"type": ["string", "null"]},
            target_number={"type": "integer", "minimum": 0}),
        _op("if", outcome=_enum(("success", "failure")), effects=effects),
        _op("modify", target=target, stat=_enum(MODIFIABLE_STATS), value={"type": "integer"}),
        {"type": "object", "additionalProperties": False, "required": ["op", "subjects"],
         "properties": {"op": {"const": "cost_modifier"},
                        "subjects": {"type": "array", "items": _enum(MARKET_SUBJECTS), "minItems": 1},
                        "delta": {"type": "integer"}, "factor": {"type": "integer", "minimum": 0}},
         "minProperties": 3},
        _op("restrict", action=_enum(RESTRICTIONS)),
        _op("move", amount=_amount(), any_direction={"type": "boolean"},
            instead_of_rolling={"type": "boolean"}),
        _op("movement_dice", amount=_amount()),
        _op("gain_gold", amount=_amount()),
        _op("draw_market", amount=_amount()),
        _op("for_duration", until=_enum(DURATIONS), effects=effects),
        _op("trigger", event={"$ref": "#/$defs/event"}, effects=effects),
        _op("optional", effects=effects),
    ]
    events = [
        {"type": "object", "additionalProperties": False, "required": ["kind", "target", "amount", "phase"],
         "properties": {"kind": {"const": "takes_wounds"}, "target": target,
                        "amount": _amount(("fixed", "at_least")),
                        "phase": {"enum": [*PHASES, None]}}},
        {"type": "object", "additionalProperties": False, "required": ["kind"],
         "properties": {"kind": {"const": "defeat_challenge"}}},
        {"type": "object", "additionalProperties": False, "required": ["kind"],
         "properties": {"kind": {"const": "knocked_out"}}},
    ]
    costs = [
        _op("activate"),
        _op("discard"),
        _op("exhaustion", amount=_amount(("fixed", "x"))),
        _op("wounds", amount=_amount(("fixed", "x"))),
        _op("gold", amount=_amount(("fixed", "x"))),
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://runeforge.invalid/schemas/ir-ability.schema.json",
        "title": f"Runeforge effect IR v{IR_VERSION}: one ability",
        "type": "object",
        "additionalProperties": False,
        "required": ["source", "timing", "limits", "costs", "static", "reaction", "effects"],
        "properties": {
            "source": {"type": "string"},
            "timing": {"type": "object", "additionalProperties": False, "required": ["tag", "window"],
                       "properties": {"tag": {"enum": [*TAGS, None]}, "window": {"enum": [*WINDOWS, None]}}},
            "limits": {"type": "array", "items": _enum(LIMITS), "uniqueItems": True},
            "costs": {"type": "array", "items": {"$ref": "#/$defs/cost"}},
            "static": {"type": "boolean"},
            "reaction": {"enum": [None, "wounds_inflicted"]},
            "effects": effects,
        },
        "$defs": {
            "effect": {"oneOf": effect_ops},
            "event": {"oneOf": events},
            "cost": {"oneOf": costs},
        },
    }


class IRError(ValueError):
    """A compiled ability does not conform to the IR of this engine."""


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    schema = ir_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def validate_ability(ir: dict) -> None:
    """Raise IRError when ``ir`` is not a valid compiled ability of IR_VERSION."""
    errors = sorted(_validator().iter_errors(ir), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(root)"
        raise IRError(f"invalid IR at {where}: {err.message}")


def check_bundle_version(bundle: dict) -> None:
    version = bundle.get("ir_version")
    if version != IR_VERSION:
        raise IRError(
            f"bundle has IR version {version!r}; this engine runs version {IR_VERSION}. "
            "Rebuild the bundle with a matching runeforge."
        )
