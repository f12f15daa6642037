"""The two YAML front ends of yamlsafe (issue 38): libyaml (compiler/yaml_libyaml.py) for the
files it vouches for, ruamel (compiler/yaml_ruamel.py) for the rest and as the reference.

For every bundled file, for mutated bundled files (the card-file fuzzer's mutations) and for
odd hand-made texts, ``parse(front="auto")`` must give what ``parse(front="ruamel")`` gives:
the same diagnostics (code, message, position, hint), the same nodes (kind, tag, value, line
and column of each) and the same plain data and position index after ``convert``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge import yaml_libyaml, yamlsafe
from runeforge.positions import convert
from tests.fuzz.test_fuzz_cards import ODD_SCALARS, card_file, seed_files

pytestmark = pytest.mark.skipif(not yaml_libyaml.available(), reason="PyYAML without libyaml")


def _nodes(node, out: list) -> list:
    """(kind, tag, scalar value, line, column) of every node, depth first."""
    stack = [node]
    while stack:
        node = stack.pop()
        mark = node.start_mark
        value = node.value if node.id == "scalar" else None
        out.append((node.id, node.tag, value, mark.line, mark.column))
        if node.id == "mapping":
            for key, val in reversed(node.value):
                stack.extend((val, key))
        elif node.id == "sequence":
            stack.extend(reversed(node.value))
    return out


def _both(raw: bytes, name: str = "case.yaml"):
    """(auto, ruamel) results of one file's bytes: diagnostics, nodes, data and positions."""
    out = []
    for front in ("auto", "ruamel"):
        src, diags = yamlsafe.decode_source(yamlsafe.Source(Path(name), name), raw)
        if src is None:
            out.append(([d.render() for d in diags], None, None))
            continue
        tree, more = yamlsafe.parse(src, front)
        rendered = [d.render() for d in diags + more]
        if tree is None:
            out.append((rendered, None, None))
            continue
        data, index = convert(tree)
        out.append((rendered, _nodes(tree, []),
                    (repr(data), index.values, index.keys, index.problems)))
    return out


def _assert_same(raw: bytes, name: str = "case.yaml") -> None:
    fast, slow = _both(raw, name)
    assert fast[0] == slow[0], raw[:300]  # diagnostics
    assert fast[1] == slow[1], raw[:300]  # nodes: kind, tag, value, line, column
    assert fast[2] == slow[2], raw[:300]  # data, values' and keys' positions, problems


@pytest.mark.parametrize("name,text", seed_files(), ids=[n for n, _ in seed_files()])
def test_bundled_file_same_in_both_front_ends(name, text):
    _assert_same(text.encode("utf-8"), name)


def test_bundled_files_take_the_fast_front_end():
    """Every bundled file is composed by libyaml (else the comparison above says nothing
    about it)."""
    unsure = []
    for name, text in seed_files():
        src, _ = yamlsafe.decode_source(yamlsafe.Source(Path(name), name), text.encode())
        assert not yamlsafe._MAYBE_ANCHOR.search(src.text), name
        if yaml_libyaml.compose(src.text, src.lines, yamlsafe.MAX_DEPTH) is yaml_libyaml.UNSURE:
            unsure.append(name)
    assert not unsure


ODD = [
    "kind: item\ncards:\n  - name: " + s for s in ODD_SCALARS
] + [
    "a: yes\nb: no\nc: on\nd: 0o17\ne: 017\nf: 1:20\ng: 0x1F\nh: 1e3\ni: .5\nj: ~\nk: =\n"
    "l: <<\nm: 2001-02-03\nn: 2001-02-03 04:05:06\no: -.inf\np: .NaN\nq: 1_000\nr: +12\n",
    "a: !!int 12\nb: !!float 1\nc: !!bool yes\nd: !!str 12\ne: !!null ''\nf: ! 12\n",
    "a: b\na: c\n", "? [a, b]\n: c\n", "{a: 1, b: [1, 2, {c: d}]}\n", "- - - - x\n",
    "%YAML 1.1\n---\na: 017\n", "a: 1\n---\nb: 2\n", "a: 'x\n", "a: [1, 2\n", "# only\n",
    "a:\n  b: 1\n c: 2\n", "a: |\n  text\n  more\nb: >\n  folded\n  line\n", "a: \u2028b\n",
    "a: " + "[" * 44 + "]" * 44 + "\n", "a: " + "[" * 60 + "]" * 60 + "\n",
    "a: " + "[" * 3000 + "]" * 3000 + "\n", "x: &a 1\ny: *a\n", "a: b: c\n",
    # found by the comparison: a byte order mark inside the text (a value, a line start)
    "# c\nk\ufeffind: item\n", "# c\n\ufeff# d\nkind: item\n", "a: b\tc\n", "a: b\rc: d\n",
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_odd_text_same_in_both_front_ends(text):
    _assert_same(text.encode("utf-8"))


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(card_file())
def test_mutated_file_same_in_both_front_ends(case):
    name, raw = case
    _assert_same(raw, name)


@settings(max_examples=100, deadline=None, database=None)
@given(st.lists(st.sampled_from(ODD_SCALARS) | st.text(max_size=12), min_size=1, max_size=6))
def test_odd_scalars_same_in_both_front_ends(values):
    text = "".join(f"k{i}: {v}\n" for i, v in enumerate(values))
    _assert_same(text.encode("utf-8", "surrogatepass"))


RULES = sorted((Path(__file__).resolve().parents[1] / "cards" / "rules").glob("*.yaml"))


@pytest.mark.parametrize("path", RULES, ids=[p.name for p in RULES])
def test_bundled_rules_read_alike_by_libyaml_and_ruamel(path):
    """The engine reads the bundled rules files with libyaml's YAML 1.1 loader
    (rulesdata.bundled_document): none of them may hold a value YAML 1.2 reads otherwise
    (``yes``, ``on``, ``017``, ``1:20``)."""
    from ruamel.yaml import YAML

    from runeforge.engine.runebound.core.rulesdata import bundled_document

    text = path.read_text("utf-8")
    assert bundled_document(path.stem) == YAML(typ="safe", pure=True).load(text)


def test_a_yaml_11_value_would_be_caught():
    """The comparison above can fail: YAML 1.1 and 1.2 differ on these."""
    import yaml
    from ruamel.yaml import YAML

    text = "a: yes\nb: 017\nc: 1:20\n"
    assert yaml.load(text, Loader=yaml.CSafeLoader) != YAML(typ="safe", pure=True).load(text)
