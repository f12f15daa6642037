"""The compiled yes/no schema check (compiler/schema_fast.py) answers as jsonschema does.

A cold check validates every valid file with it and gives only the others to jsonschema
(issue 38), so a file it passes must be one jsonschema passes: here both judge the bundled
content, hundreds of broken copies of it (a value swapped for one of another type, out of
range, a key dropped or added, an item repeated), and small schemas at the corners of the
keywords (True is not 1, 4.0 is not an integer, oneOf with two matches, recursion)."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml

from runeforge import games
from runeforge import schema as schemas
from runeforge.schema_fast import Unsure, compile_schema

ROOT = Path(__file__).resolve().parent.parent / "cards"


def _bundled():
    """(path, data, kind, game) of every bundled YAML file."""
    out = []
    for path in sorted(ROOT.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "kind" not in data:
            continue
        game = None
        for folder in path.parents:
            manifest = folder / "manifest.yaml"
            if manifest.is_file():
                game = yaml.safe_load(manifest.read_text(encoding="utf-8")).get("game")
                break
            if folder == ROOT:
                break
        if data["kind"] in schemas.kinds(game):
            out.append((path, data, data["kind"], game))
    return out


BUNDLED = _bundled()


def _jsonschema_valid(data, kind, game) -> bool:
    return not any(True for _ in schemas.validator(kind, game).iter_errors(data))


def test_every_packaged_schema_compiles():
    for game in games.ids():
        for kind in schemas.kinds(game):
            assert schemas.fast_check(kind, game) is not None, (game, kind)


def test_bundled_files_pass_both():
    assert len(BUNDLED) > 60
    for path, data, kind, game in BUNDLED:
        assert schemas.fast_check(kind, game)(data), path
        assert _jsonschema_valid(data, kind, game), path


REPLACEMENTS = [True, False, 1.0, 4.5, -5, 0, 10 ** 6, "", "x" * 300, "Not An Id!", None, [],
                {}, [1, 1], {"zz": 1}, "green", 3]


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _mutate(data, rng: random.Random):
    data = copy.deepcopy(data)
    path, node = rng.choice(list(_nodes(data))[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = rng.randrange(6)
    if how == 0 and isinstance(parent, dict):
        del parent[last]
    elif how == 1 and isinstance(node, dict):
        node["zz_extra"] = 1
    elif how == 2 and isinstance(node, list) and node:
        node.append(copy.deepcopy(node[0]))
    elif how == 3 and isinstance(node, list):
        node.clear()
    else:
        parent[last] = copy.deepcopy(rng.choice(REPLACEMENTS))
    return data


def test_broken_copies_get_the_same_answer_from_both():
    rng = random.Random(38)
    judged = {True: 0, False: 0}
    for path, data, kind, game in BUNDLED:
        check = schemas.fast_check(kind, game)
        for _ in range(6):
            broken = _mutate(data, rng)
            try:
                fast = check(broken)
            except Unsure:
                continue
            assert fast == _jsonschema_valid(broken, kind, game), (path, broken)
            judged[fast] += 1
    assert judged[True] > 20 and judged[False] > 200, judged


CORNERS = [
    ({"enum": [1, "a"]}, [1, True, 1.0, "a", "b", None]),
    ({"const": False}, [False, 0, 0.0, None]),
    ({"const": [1, {"a": True}]}, [[1, {"a": True}], [True, {"a": 1}], [1, {"a": True, "b": 1}]]),
    ({"type": "integer"}, [4, 4.0, True, "4"]),
    ({"type": ["number", "null"], "minimum": 2, "exclusiveMaximum": 5},
     [2, 1.9, 5, 4.99, None, True, "3"]),
    ({"uniqueItems": True}, [[1, True], [1, 1.0], [[1], [True]], [{"a": 1}, {"a": 1}], [0, False]]),
    ({"oneOf": [{"type": "integer"}, {"minimum": 3}]}, [1, 5, 4.5, 2.5, "x"]),
    ({"anyOf": [{"maxLength": 2}, {"pattern": "^a"}]}, ["abc", "bcd", "b", 5]),
    ({"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}},
     ["a", "ab", 3, 3.5]),
    ({"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"},
      "minItems": 1, "maxItems": 3}, [["a"], ["a", 1], [1], ["a", "b"], [], ["a", 1, 2, 3]]),
    ({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"],
      "additionalProperties": {"type": "string"}, "propertyNames": {"maxLength": 3},
      "maxProperties": 2}, [{"a": 1}, {"a": 1, "b": "x"}, {"a": 1, "b": 2}, {"b": "x"},
                            {"a": 1, "long": "x"}, {"a": True}, [1]]),
    ({"$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}},
                      "additionalProperties": False}}, "$ref": "#/$defs/n"},
     [{}, {"next": {"next": {}}}, {"next": {"next": 1}}, {"next": {"x": 1}}]),
    ({"multipleOf": 25}, [50, 60, 75.0, 12.5, True]),
    # patternProperties (the campaign's adventure.by_heroes): a matched key is not additional,
    # every pattern a key matches applies, re.search (unanchored) as jsonschema
    ({"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": False,
      "patternProperties": {"^[1-9]$": {"type": "object", "maxProperties": 1},
                            "x": {"type": "integer"}}},
     [{}, {"2": {}}, {"2": {"a": 1}}, {"2": {"a": 1, "b": 2}}, {"10": {}}, {"id": "a", "3": {}},
      {"id": 1}, {"ax": 3}, {"ax": "3"}, {"axe": 1, "2": {}}, {"y": 1}, [1], "2"]),
    ({"patternProperties": {"^a": {"minimum": 2}, "b$": {"maximum": 5}},
      "additionalProperties": {"type": "string"}},
     [{"ab": 3}, {"ab": 1}, {"ab": 6}, {"c": "s"}, {"c": 1}, {"a": 1.5}, {"zb": 9}]),
    ({"patternProperties": {"^k": True}}, [{"k": 1}, {}, 3]),
]


@pytest.mark.parametrize("schema,values", CORNERS)
def test_corners_of_the_keywords(schema, values):
    check = compile_schema(schema)
    assert check is not None
    full = schemas.strict_validator()(schema)
    for value in values:
        assert check(value) == full.is_valid(value), (schema, value)


def test_a_keyword_it_does_not_know_leaves_the_schema_to_jsonschema():
    assert compile_schema({"type": "string", "format": "email"}) is None
    assert compile_schema({"unevaluatedProperties": False}) is None
    assert compile_schema({"type": "array", "contains": {"type": "string"}}) is None
    assert compile_schema({"$ref": "other.json#/x"}) is None


@pytest.mark.parametrize("schema,values", CORNERS)
def test_corners_with_jsonschemas_own_integers(schema, values):
    """float_integers: "integer" as the plain Draft 2020-12 validator reads it (4.0 is one),
    the meaning the Delve IR's validator has."""
    from jsonschema import Draft202012Validator

    check = compile_schema(schema, float_integers=True)
    full = Draft202012Validator(schema)
    for value in values:
        assert check(value) == full.is_valid(value), (schema, value)


def _delve_irs() -> list:
    """The IR of every Delve ability the bundled content compiles (cards and scenarios)."""
    from runeforge import pipeline
    from runeforge.games.delve import scenarios

    result = pipeline.check(())
    irs = [ir for card_id, found in result.compiled.items()
           if result.content.cards[card_id].game in ("delve", "campaign") for ir in found]
    for doc in result.content.documents.get("scenarios", []):
        if doc.game == "delve":
            irs += [ir for ir in scenarios._compiled(doc)[0].values()]
    return irs


def test_the_delve_ir_check_answers_as_jsonschema():
    """The compiler passes a Delve IR that this check accepts without jsonschema
    (compiler/games/delve/abilities.py): over every bundled IR and broken copies of them,
    both give the same answer, and validate_ability refuses what jsonschema refuses."""
    from jsonschema import Draft202012Validator

    from runeforge.engine.delve.ir import ir_schema, validate_ability
    from runeforge.games.delve.abilities import _schema_check

    check = compile_schema(ir_schema(), float_integers=True)
    full = Draft202012Validator(ir_schema())
    irs = _delve_irs()
    assert len(irs) > 80
    rng = random.Random(38)
    judged = {True: 0, False: 0}
    for ir in irs:
        assert check(ir) and full.is_valid(ir), ir
        for _ in range(6):
            broken = _mutate(ir, rng)
            try:
                fast = check(broken)
            except Unsure:
                continue
            assert fast == full.is_valid(broken), broken
            judged[fast] += 1
            if not fast:
                with pytest.raises(ValueError, match="delve IR at"):
                    validate_ability(broken, _schema_check)
    assert judged[True] > 20 and judged[False] > 150, judged
