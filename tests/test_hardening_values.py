"""Issue 22, items 3 and 4: every YAML value the loader cannot read, every number out of
its bound, every float where a whole number belongs and every name without an id is a
located diagnostic (exit 1), never exit 3."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from runeforge import schema as schemas
from runeforge.loader import load_content

ITEM = """\
kind: item
cards:
  - name: Lamp of Testing
    origin: original
    cost: {cost}
    class: artifact
    usage: constant
"""

HERO = """\
kind: hero
cards:
  - name: Tess the Tester
    origin: original
    mind: 3
    body: 3
    spirit: 3
    ranged_damage: 1
    melee_damage: 1
    magic_damage: 1
    life: {life}
    stamina: 5
"""


def diags_of(content_dir, text, name="items.yaml"):
    content_dir.write(name, text)
    return load_content([content_dir.root], include_bundled=False).diagnostics


def one(content_dir, text, code, line, col, name="items.yaml"):
    got = diags_of(content_dir, text, name)
    assert [(d.code, d.line, d.col) for d in got] == [(code, line, col)], \
        [d.render() for d in got]
    (d,) = got
    assert d.path.endswith(name) and d.source_line is not None and d.hint
    return d


# --- item 3: scalars the loader cannot convert ----------------------------------------------

@pytest.mark.parametrize("value, words", [
    ("!!int abc", "cannot be read as a whole number"),
    ("!!float abc", "cannot be read as a number"),
    ("!!bool abc", "cannot be read as true or false"),
    ("!foo bar", "tag '!foo' is not allowed"),
    ("!!python/name:os.system", "tag '!!python/name:os.system' is not allowed"),
    ("2001-13-45", "'2001-13-45' cannot be read as a date"),
    ("!!binary aGVsbG8=", "tag '!!binary' is not allowed"),
])
def test_scalar_the_loader_cannot_convert_is_rf110_at_the_value(content_dir, value, words):
    d = one(content_dir, ITEM.format(cost=value), "RF110", 5, 11)
    assert words in d.message


def test_integer_over_4300_digits_is_rf108_at_the_value(content_dir):
    d = one(content_dir, ITEM.format(cost="7" * 5000), "RF108", 5, 11)
    assert "5000 characters" in d.message


def test_bad_key_and_bad_list_item_are_located(content_dir):
    text = ("kind: item\ncards:\n  - name: Lamp of Testing\n    origin: original\n"
            "    cost: 1\n    class: artifact\n    usage: constant\n"
            "    abilities: [!!int x]\n    !!float y: 1\n")
    got = sorted((d.code, d.line, d.col) for d in diags_of(content_dir, text)
                 if d.code == "RF110")
    assert got == [("RF110", 8, 17), ("RF110", 9, 5)]


def test_python_tags_never_run_code(content_dir, tmp_path):
    marker = tmp_path / "ran"
    for tag in ("!!python/object/apply:os.system", "!!python/object/new:os.system",
                "!!python/object/apply:subprocess.call"):
        text = ITEM.format(cost=f'{tag} ["touch {marker}"]')
        got = diags_of(content_dir, text)
        assert [(d.code, d.line) for d in got] == [("RF110", 5)], [d.render() for d in got]
        assert not marker.exists()


def test_tagged_mapping_is_rf110(content_dir):
    text = "kind: item\ncards: !!set\n  ? a\n"
    assert ("RF110", 2, 8) in [(d.code, d.line, d.col) for d in diags_of(content_dir, text)]


def test_unconvertible_value_in_the_cli_is_exit_1_not_3(content_dir, cli):
    content_dir.write("items.yaml", ITEM.format(cost="!!int abc"))
    content_dir.write("more.yaml", ITEM.replace("Lamp", "Lantern").format(cost="2001-13-45"))
    res = cli("check", content_dir.root)
    assert res.exit_code == 1, res.output
    assert "items.yaml:5:11: error[RF110]" in res.stdout
    assert "more.yaml:5:11: error[RF110]" in res.stdout
    assert "internal error" not in res.output


def test_fmt_check_reads_bad_values_without_exit_3(content_dir, cli):
    content_dir.write("items.yaml", ITEM.format(cost="!!bool abc"))
    res = cli("fmt", "--check", content_dir.root)
    assert res.exit_code in (0, 1), res.output
    assert "internal error" not in res.output


# --- item 4: bounds, integers, empty ids ----------------------------------------------------

def test_float_is_not_an_integer(content_dir):
    d = one(content_dir, ITEM.format(cost="4.0"), "RF201", 5, 11)
    assert "whole number" in d.message


@pytest.mark.parametrize("value", [".nan", ".inf", "true"])
def test_other_non_integers_are_rf201(content_dir, value):
    one(content_dir, ITEM.format(cost=value), "RF201", 5, 11)


def test_hex_cost_of_5000_digits_is_refused_at_check(content_dir):
    one(content_dir, ITEM.format(cost="0x" + "f" * 5000), "RF108", 5, 11)


@pytest.mark.parametrize("count", ["1000000", str(10 ** 19)])
def test_huge_count_is_out_of_range(content_dir, count):
    text = ITEM.format(cost=1) + f"    count: {count}\n"
    d = one(content_dir, text, "RF205", 8, 12)
    assert "maximum of 20" in d.message


def test_life_two_to_the_63_is_out_of_range(content_dir):
    d = one(content_dir, HERO.format(life=2 ** 63), "RF205", 11, 11, name="heroes.yaml")
    assert "maximum of 50" in d.message


def test_odds_with_huge_life_is_exit_1(content_dir, cli, tmp_path):
    content_dir.write("heroes.yaml", HERO.format(life=2 ** 63))
    res = cli("odds", "--hero", "tess-the-tester", "--challenge", "hungry-wolves", "--exact",
              content_dir.root, env={"RUNEFORGE_CACHE_DIR": str(tmp_path / "cache")})
    assert res.exit_code == 1, res.output
    assert "heroes.yaml:11:11: error[RF205]" in res.output


def test_build_with_huge_hex_cost_is_exit_1(content_dir, cli, tmp_path):
    content_dir.write("items.yaml", ITEM.format(cost="0x" + "f" * 5000))
    res = cli("build", content_dir.root, "--out", tmp_path / "out")
    assert res.exit_code == 1, res.output
    assert "items.yaml:5:11: error[RF108]" in res.stdout
    assert not (tmp_path / "out" / "bundle.json").exists()


@pytest.mark.parametrize("name", ['"!!!"', "日本語", '"🗡️"', '"---"'])
def test_name_without_a_kebab_case_id_is_rf505_at_the_name(content_dir, name):
    text = ITEM.format(cost=1).replace("Lamp of Testing", name)
    d = one(content_dir, text, "RF505", 3, 11)
    assert "empty card id" in d.message and "id:" in d.hint


def test_name_without_kebab_case_takes_its_explicit_id(content_dir):
    text = ITEM.format(cost=1).replace("Lamp of Testing", "日本語\n    id: nihongo")
    content_dir.write("items.yaml", text)
    content = load_content([content_dir.root], include_bundled=False)
    assert content.diagnostics == []
    assert list(content.cards) == ["nihongo"]


def _integers(node, where=""):
    if isinstance(node, dict):
        if node.get("type") == "integer" and "enum" not in node:
            yield where, node
        for k, v in node.items():
            yield from _integers(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _integers(v, f"{where}/{i}")


def test_every_integer_field_of_every_schema_has_both_bounds():
    folder = resources.files("runeforge").joinpath("schemas")
    found = 0
    for path in folder.iterdir():
        if path.name.endswith(".schema.json"):
            for where, node in _integers(json.loads(path.read_text("utf-8"))):
                found += 1
                assert "minimum" in node and "maximum" in node, f"{path.name}{where}"
    assert found > 50


def test_bounds_admit_every_bundled_card():
    content = load_content([])
    errors = [d.render() for d in content.diagnostics if d.code in ("RF201", "RF205")]
    assert errors == []
    assert schemas.validator("hero").is_valid({"kind": "hero", "cards": []}) is False


@pytest.mark.parametrize("nested, line, col", [
    ("[" * 2000 + "]" * 2000, 5, 61),
    ("\n" + "".join(" " * (i + 5) + f"k{i}:\n" for i in range(300)) + " " * 306 + "v", 53, 56),
])
def test_deep_nesting_is_rf108_at_the_level_over_the_limit(content_dir, nested, line, col):
    d = one(content_dir, ITEM.format(cost=nested), "RF108", line, col)
    assert "deeper than 50 levels" in d.message


@pytest.mark.parametrize("value", ["[[[[[]]]]]", "[{a: 1}]", "core", "{a: b}", "[1, true]",
                                   "5", "1.5"])
def test_manifest_lists_of_the_wrong_shape_are_schema_errors(content_dir, value):
    content_dir.write("pack/manifest.yaml", "kind: manifest\nid: my-pack\nname: Mine\n"
                      f"type: set\norigin: original\nrequires: {value}\nremoves: {value}\n"
                      f"replaces: {value}\nskills: {value}\n")
    got = load_content([content_dir.root], include_bundled=False).diagnostics
    assert got and {d.code for d in got} <= {"RF201", "RF206"}, [d.render() for d in got]
    assert {d.line for d in got} == {6, 7, 8, 9}


def test_a_too_long_ability_says_how_long_not_the_whole_text(content_dir, cli):
    from tests.conftest import item_with

    content_dir.write("items.yaml", item_with("You receive +1 Body. " * 60))
    res = cli("check", content_dir)
    assert res.exit_code == 1
    line = next(x for x in res.output.splitlines() if "error[RF205]" in x)
    assert "is 1260 characters long; at most 1000 are allowed" in line
    assert len(line) < 200
