"""The card/manifest schemas and the mapping of schema errors to located diagnostics."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from runeforge import schema as schemas
from runeforge import schemagen
from runeforge.loader import load_content

PUBLISHED = [*schemas.card_kinds(), schemas.MANIFEST]


def test_registry_is_data_driven():
    kinds = schemas.kinds()
    assert set(PUBLISHED) <= set(kinds)
    assert set(schemas.document_kinds()) == set(kinds) - set(PUBLISHED)


@pytest.mark.parametrize("kind", PUBLISHED)
def test_schema_files_are_generated_and_valid(kind):
    schema = schemas.load_schema(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schemagen.dump(schemagen.all_schemas()[kind]) == schemagen.dump(schema), (
        "compiler/schemas is out of date: run python -m runeforge.schemagen compiler/schemas")


@pytest.mark.parametrize("kind", schemas.card_kinds())
def test_card_schemas_describe_every_field(kind):
    card = schemas.load_schema(kind)["$defs"]["card"]
    assert card["additionalProperties"] is False
    for name, prop in card["properties"].items():
        assert prop.get("description"), f"{kind}.{name} has no description"


def test_bundled_content_is_clean():
    content = load_content([])
    assert [d.render() for d in content.diagnostics] == []
    assert content.cards


def load(content_dir, text):
    content_dir.write("cards.yaml", text)
    content = load_content([content_dir.root], include_bundled=False)
    return content, sorted(content.diagnostics, key=lambda d: (d.line, d.col))


def test_wrong_type(content_dir, item_text):
    content, (d,) = load(content_dir, item_text.replace("cost: 4", "cost: four"))
    assert d.code == "RF201" and (d.line, d.col) == (5, 11) and d.length == 4
    assert "'cost' must be a whole number, not a string" in d.message
    assert content.cards == {}  # an invalid card is not compiled


def test_unknown_field_with_did_you_mean(content_dir, item_text):
    _, diags = load(content_dir, item_text.replace("cost: 4", "cots: 4"))
    # 'cost' is now missing too, reported on the card
    assert sorted(d.code for d in diags) == ["RF202", "RF203"]
    unknown = next(d for d in diags if d.code == "RF202")
    assert unknown.hint == "did you mean 'cost'?" and (unknown.line, unknown.col) == (5, 5)
    _, diags = load(content_dir, item_text.replace("    cost: 4\n", "    cost: 4\n    flavor: x\n"))
    (d,) = diags
    assert d.code == "RF202" and (d.line, d.col) == (6, 5) and d.length == 6
    assert d.hint == "did you mean 'flavour'?" and "unknown field 'flavor'" in d.message


def test_missing_required_field(content_dir, item_text):
    _, (d,) = load(content_dir, item_text.replace("    usage: constant\n", ""))
    assert d.code == "RF203" and "'usage'" in d.message and (d.line, d.col) == (3, 5)
    _, (d,) = load(content_dir, "kind: item\n")
    assert d.code == "RF203" and "'cards'" in d.message


def test_value_not_allowed(content_dir, item_text):
    _, (d,) = load(content_dir, item_text.replace("class: artifact", "class: wepon"))
    assert d.code == "RF204" and (d.line, d.col) == (6, 12) and d.hint == "did you mean 'weapon'?"


def test_value_out_of_range(content_dir, item_text):
    _, diags = load(content_dir, item_text.replace("cost: 4", "cost: 1\n    count: 0"))
    (d,) = diags
    assert d.code == "RF205" and (d.line, d.col) == (6, 12)


def test_other_schema_violation(content_dir, item_text):
    _, (d,) = load(content_dir, item_text.replace("origin: original", "origin: seed-9"))
    assert d.code == "RF206" and (d.line, d.col) == (4, 13) and "seed-9" in d.message


def test_unknown_kind(content_dir, item_text):
    _, (d,) = load(content_dir, item_text.replace("kind: item", "kind: itme"))
    assert d.code == "RF207" and (d.line, d.col) == (1, 7) and d.hint == "did you mean 'item'?"


def test_missing_kind(content_dir):
    _, (d,) = load(content_dir, "cards: []\n")
    assert d.code == "RF203" and "'kind'" in d.message


def test_each_kind_accepts_a_minimal_card(content_dir):
    minimal = {
        "hero": "mind: 3\n    body: 3\n    spirit: 3\n    ranged_damage: 1\n    melee_damage: 2"
                "\n    magic_damage: 1\n    life: 8\n    stamina: 6\n    skills: [Swim]",
        "ally": "cost: 5\n    life: 4\n    familiar: true",
        "item": "cost: 2\n    class: weapon\n    usage: activated",
        "challenge": "colour: green\n    reward: {gold: 2, keep: false}",
        "event": "colour: blue\n    event_number: 2\n    renew: false",
        "encounter": "colour: red",
    }
    for kind, extra in minimal.items():
        text = f"kind: {kind}\ncards:\n  - name: A {kind}\n    origin: original\n    {extra}\n"
        content_dir.write(f"{kind}.yaml", text)
    content = load_content([content_dir.root], include_bundled=False)
    assert [d.render() for d in content.diagnostics] == []
    assert sorted(c.kind for c in content.cards.values()) == sorted(minimal)


def test_schema_command_prints_a_valid_schema(cli):
    res = cli("schema", "--kind", "item")
    assert res.exit_code == 0
    schema = json.loads(res.stdout)
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["kind"] == {"const": "item", "description":
                                            "The kind of every card in this file."}


def test_schema_command_unknown_kind_is_a_usage_error(cli):
    res = cli("schema", "--kind", "itme")
    assert res.exit_code == 2 and "hero" in res.output and "did you mean 'item'" in res.output


@pytest.mark.parametrize("kind", sorted(schemas.kinds()))
def test_every_kind_schema_is_valid_draft_2020_12(kind):
    # the loader does not check its schemas at run time; this is where they are checked
    Draft202012Validator.check_schema(schemas.load_schema(kind))
