"""The libyaml front end finds the nesting depth and the first repeated key in one walk
(yaml_libyaml._scan, issue 38): the same RF103 as yamlsource.duplicate_key's own walk, the
same verdict on depth and empty values as before."""

import pytest

pytest.importorskip("yaml._yaml")

from runeforge import yaml_libyaml, yamlsafe  # noqa: E402
from runeforge.yamlsafe import Source, duplicate_key  # noqa: E402

TEXTS = [
    "a: 1\nb: 2\na: 3\n",
    "cards:\n  - id: x\n    id: y\n  - id: z\n    name: q\n    name: r\n",
    # a repeat in a later item and an earlier one: the walk's order decides which is first
    "cards:\n  - id: x\n    name: n\n    name: m\n  - id: y\n    id: w\n",
    "top: {a: 1, a: 2}\nother:\n  b: 1\n  b: 2\n",
    "x:\n  y:\n    z: 1\n    z: 2\n  y2: 1\n  y2: 3\n",
    "[{a: 1}, {b: 1, b: 2}, {c: 1, c: 2}]\n",
    "? [a, b]\n: 1\n? [a, b]\n: 2\nk: 1\nk: 2\n",
    "a: 1\nb:\n  - c: 1\n    d: 2\n",
    "ok: yes\nlist: [1, 2, 3]\n",
]


def _src(text):
    return Source(None, "t.yaml", text, False, text.split("\n"))


@pytest.mark.parametrize("text", TEXTS)
def test_the_first_repeated_key_is_duplicate_keys(text):
    src = _src(text)
    tree, dup = yaml_libyaml.compose_checked(text, src.lines, yamlsafe.MAX_DEPTH)
    assert tree is not yaml_libyaml.UNSURE
    expected = duplicate_key(src, tree)
    got = yamlsafe.duplicate_diag(src, *dup) if dup is not None else None
    assert got == expected
    root, diags = yamlsafe.parse(src)
    assert diags == ([expected] if expected else []) and (root is None) == bool(expected)


def test_depth_and_empty_values_are_judged_as_before():
    assert yaml_libyaml._scan(yaml_libyaml.compose("a:\n  b: [1, [2]]\n", [], 100)) == (4, None)
    # an empty plain value: libyaml and ruamel mark it differently, so ruamel reads the file
    text = "a:\nb: 1\nb: 2\n"
    assert yaml_libyaml.compose_checked(text, text.split("\n"), 100) == \
        (yaml_libyaml.UNSURE, None)
    deep = "a: " + "[" * 40 + "]" * 40 + "\n"
    assert yaml_libyaml.compose(deep, deep.split("\n"), 40) is yaml_libyaml.UNSURE
    assert yaml_libyaml.compose(deep, deep.split("\n"), 60) is not yaml_libyaml.UNSURE


def test_a_file_with_an_ampersand_but_no_anchor_is_read_by_libyaml():
    src = _src("name: Artifacts & Allies\ntext: '*not* an alias'\n")
    root, diags = yamlsafe.parse(src)
    assert diags == [] and type(root).__module__.startswith("yaml")
    src = _src("a: &x 1\nb: *x\n")
    root, diags = yamlsafe.parse(src)
    assert root is None and [d.code for d in diags] == ["RF107"]  # refused, as before
