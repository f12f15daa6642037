"""The IR's linear checker (engine/runebound/core/irvalidate.py) says what the published JSON
Schema says: it agrees with jsonschema on valid and mutated IR, and refuses schema keywords it
does not implement, so the two cannot drift apart."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge.engine.runebound.core.ir import IRError, ir_schema, validate_ability
from runeforge.engine.runebound.core.irvalidate import Checker, Invalid, SchemaUnsupported
from runeforge.games.runebound.lower import lower

from .strategies import ability

jsonschema = pytest.importorskip("jsonschema")
REFERENCE = jsonschema.Draft202012Validator(ir_schema())
# 4.0 is left out: JSON Schema counts it as an integer, the IR does not
VALUES = ["x", "", "turn", "hero", "fixed", "if", 0, 1, -1, 2, 999, 1000, -1000, 2.5, None, True,
          False, [], {}, ["turn"], ["turn", "turn"], [{"op": "activate"}], {"kind": "x"},
          {"kind": "fixed", "value": 1}, {"op": "optional", "effects": []}]


def _places(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, (*path, i))


def _mutate(ir: dict, rnd: random.Random) -> dict:
    ir = copy.deepcopy(ir)
    for _ in range(rnd.randint(1, 3)):
        path, value = rnd.choice(list(_places(ir)))
        kind = rnd.choice(["replace", "delete", "add"])
        parent = ir
        for p in path[:-1]:
            parent = parent[p]
        if kind == "add" and isinstance(value, (dict, list)):
            if isinstance(value, dict):
                value[rnd.choice(["op", "kind", "value", "extra", "effects"])] = rnd.choice(VALUES)
            else:
                value.append(copy.deepcopy(rnd.choice(VALUES)))
        elif kind == "delete" and path:
            del parent[path[-1]]
        elif path:
            parent[path[-1]] = copy.deepcopy(rnd.choice(VALUES))
    return ir


def _ours(ir) -> bool:
    try:
        validate_ability(ir)
    except IRError:
        return False
    return True


def test_bundled_abilities_pass_both():
    from tests.engine_bundle import bundle

    irs = [ir for card in bundle()["cards"] if card.get("game", "runebound-2e") == "runebound-2e"
           for ir in card.get("abilities") or []]  # Runebound's IR (Delve has its own family)
    assert len(irs) > 100
    for ir in irs:
        assert REFERENCE.is_valid(ir) and _ours(ir), ir["source"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ability(), st.integers(0, 2 ** 32))
def test_checker_agrees_with_jsonschema_on_mutated_ir(ast, seed):
    ir = lower(ast)
    assert _ours(ir) and REFERENCE.is_valid(ir)
    mutant = _mutate(ir, random.Random(seed))
    assert _ours(mutant) == REFERENCE.is_valid(mutant), mutant


def test_first_error_is_located():
    ir = {"source": "", "timing": {"tag": None, "window": None}, "limits": [], "costs": [],
          "static": True, "reaction": None,
          "effects": [{"op": "optional", "effects": [{"op": "gain_gold",
                                                        "amount": {"kind": "fixed"}}]}]}
    with pytest.raises(IRError) as info:
        validate_ability(ir)
    assert str(info.value) == ("invalid IR at effects/0/effects/0/amount: 'value' is a "
                               "required property")


@pytest.mark.parametrize("schema", [
    {"oneOf": [{"type": "string"}]},
    {"anyOf": [{"$ref": "#/$defs/x"}], "$defs": {"x": {}}},  # only bounded alternatives
    {"if": {"type": "string"}, "then": {"minLength": 1}},
    {"allOf": [{"if": {"type": "string"}, "then": {"minLength": 1}}]},
    {"pattern": "^a"},
    {"$ref": "https://example.invalid/other.json"},
    {"enum": [[1, 2]]},
    {"type": "decimal"},
])
def test_checker_refuses_keywords_it_does_not_implement(schema):
    with pytest.raises(SchemaUnsupported):
        Checker(schema)


def test_any_of_takes_one_value_or_a_list_of_them():
    """issue 32 (lists): a place is one terrain or a list of two or more, as the IR says it."""
    one_or_more = {"anyOf": [{"enum": [None, "swamp", "forest"]},
                             {"type": "array", "items": {"enum": ["swamp", "forest"]},
                              "minItems": 2, "uniqueItems": True}]}
    checker = Checker({"type": "object", "properties": {"place": one_or_more}})
    for ok in ({"place": "swamp"}, {"place": None}, {"place": ["forest", "swamp"]}):
        checker.check(ok)
    for bad in ({"place": "lava"}, {"place": ["swamp"]}, {"place": ["swamp", "lava"]},
                {"place": ["swamp", "swamp"]}, {"place": 3}):
        with pytest.raises(Invalid) as err:
            checker.check(bad)
        assert err.value.where == "place" or err.value.where.startswith("place/")


def test_checker_counts_nesting_per_definition():
    schema = {"$defs": {"node": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
              "$ref": "#/$defs/node"}
    checker = Checker(schema, max_ref_depth={"node": 3})
    checker.check([[[]]])
    with pytest.raises(Invalid, match="nested more than 3 'node' levels") as info:
        checker.check([[[[]]]])
    assert info.value.where == "0/0/0"


@pytest.mark.parametrize("value", ["op", "héllo", 'a"b\\c\n\t\x00', "\ud800", "日本", "",
                                   "\u2028", True, False, None, 0, -7, 10 ** 18, 2.5])
def test_a_scalars_key_is_its_json_text(value):
    """An enum or const compares a value by its JSON text; a str's is made without the call
    through json.dumps (issue 38) and is the same text."""
    import json

    from runeforge.engine.runebound.core.irvalidate import _key

    assert _key(value) == json.dumps(value)
