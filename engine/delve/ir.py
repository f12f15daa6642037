"""Delve's effect IR (family ``delve``): its version, JSON Schema and validator.

One IR value per ability::

    {"form": "action", "name": "Shield Wall", "cost": {"need": 5, "escalating": false},
     "effects": [{"op": "heal", "wounds": 1}, {"op": "renown", "amount": 1}]}

``form`` is ``action`` (a named action whose header is its cost), ``spend`` (``Spend a hero
die (N+) to …``) or ``trigger`` (``Every time you <event>, …``, with ``event`` and no cost).
"""

from __future__ import annotations

from functools import lru_cache

from jsonschema import Draft202012Validator

IR_FAMILY = "delve"
IR_VERSION = 1

_FACE = {"type": "integer", "minimum": 1, "maximum": 6}
_COUNT = {"type": "integer", "minimum": 1, "maximum": 999}


def _op(name: str, **props) -> dict:
    return {"type": "object", "additionalProperties": False,
            "required": ["op", *props], "properties": {"op": {"const": name}, **props}}


EFFECT_SCHEMA = {"oneOf": [
    _op("explore"),
    _op("move", up_to=_COUNT),
    _op("heal", wounds=_COUNT),
    _op("attack", target={"enum": ["adjacent", "visible", "each"]},
        range={"enum": ["combat", "missile", "area"]}, hit=_FACE, damage=_COUNT),
    _op("renown", amount=_COUNT),
    _op("skill"),
]}

IR_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://runeforge.invalid/delve/ir.schema.json",
    "title": f"Delve ability IR, version {IR_VERSION}",
    "type": "object", "additionalProperties": False,
    "required": ["form", "effects"],
    "properties": {
        "form": {"enum": ["action", "spend", "trigger"]},
        "name": {"type": "string", "minLength": 1},
        "cost": {"type": "object", "additionalProperties": False,
                 "required": ["need", "escalating"],
                 "properties": {"need": _FACE, "escalating": {"type": "boolean"}}},
        "event": {"enum": ["slay", "explored", "recuperated"]},
        "effects": {"type": "array", "minItems": 1, "items": EFFECT_SCHEMA},
    },
    "allOf": [
        {"if": {"properties": {"form": {"const": "action"}}},
         "then": {"required": ["name", "cost"], "not": {"required": ["event"]}}},
        {"if": {"properties": {"form": {"const": "spend"}}},
         "then": {"required": ["cost"], "not": {"anyOf": [{"required": ["name"]},
                                                          {"required": ["event"]}]}}},
        {"if": {"properties": {"form": {"const": "trigger"}}},
         "then": {"required": ["event"], "not": {"anyOf": [{"required": ["name"]},
                                                           {"required": ["cost"]}]}}},
    ],
}


def ir_schema() -> dict:
    return IR_SCHEMA


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(IR_SCHEMA)


def validate_ability(ir: dict) -> None:
    """ValueError naming the first problem when ``ir`` is not a valid Delve ability IR; an
    escalating cost is an action header's only, and an area attack targets each adversary."""
    errors = sorted(_validator().iter_errors(ir), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].path) or "(root)"
        raise ValueError(f"delve IR at {where}: {errors[0].message}")
    if ir["form"] == "spend" and ir["cost"]["escalating"]:
        raise ValueError("delve IR: an escalating cost belongs only to an action header")
    for effect in ir["effects"]:
        if effect["op"] == "attack" and (effect["range"] == "area") != (effect["target"] == "each"):
            raise ValueError("delve IR: an area attack (and only it) targets each adversary")
