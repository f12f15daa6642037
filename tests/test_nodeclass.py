"""``@astnode`` (dsl/nodeclass.py) is ``@dataclass(frozen=True)`` with shared ``__repr__``,
``__eq__`` and ``__hash__`` (issue 38: the generated ones were ~30 ms of compiling at every
start): they give what the generated ones give, field flags, own methods and recursion
included, for test classes and for every AST node of the bundled abilities."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from runeforge.dsl.nodeclass import astnode

ROOT = Path(__file__).resolve().parents[1]


def _both(body: dict, bases=()):
    """The class of ``body`` made by @astnode and by @dataclass(frozen=True)."""
    ours = astnode(type("C", bases, dict(body)))
    theirs = dataclass(frozen=True)(type("C", bases, dict(body)))
    return ours, theirs


BODIES = {
    "plain": {"__annotations__": {"a": "int", "b": "object"}, "b": None},
    "flags": {"__annotations__": {"a": "int", "span": "object", "h": "int", "k": "int"},
              "span": field(default=None, compare=False, repr=False, kw_only=True),
              "h": field(default=0, hash=False), "k": field(default=0, compare=False, hash=True)},
    "empty": {"__annotations__": {}},
    "one": {"__annotations__": {"a": "object"}},
    "own repr": {"__annotations__": {"a": "int"}, "__repr__": lambda self: "mine"},
    "own eq": {"__annotations__": {"a": "int"}, "__eq__": lambda self, o: True},
    "own hash": {"__annotations__": {"a": "int"}, "__hash__": lambda self: 7},
    "own eq and hash": {"__annotations__": {"a": "int"}, "__eq__": lambda self, o: True,
                        "__hash__": lambda self: 7},
}
VALUES = [1, 0, -1, "x", None, (1, 2), (), True]


@pytest.mark.parametrize("name", sorted(BODIES))
def test_the_methods_are_the_dataclass_ones(name):
    ours, theirs = _both(BODIES[name])
    names = [f.name for f in dataclasses.fields(theirs) if f.init]
    assert [f.name for f in dataclasses.fields(ours)] == \
        [f.name for f in dataclasses.fields(theirs)]
    for i, v in enumerate(VALUES):
        w = VALUES[(i + 3) % len(VALUES)]
        args = {n: (v if j % 2 else w) for j, n in enumerate(names)}
        other = {n: (w if j % 2 else v) for j, n in enumerate(names)}
        a, b = ours(**args), theirs(**args)
        assert repr(a) == repr(b)
        assert (a == ours(**args)) == (b == theirs(**args))
        assert (a == ours(**other)) == (b == theirs(**other))
        assert (a != ours(**other)) == (b != theirs(**other))
        assert a.__eq__(object()) is b.__eq__(object())
        if theirs.__hash__ is None:
            assert ours.__hash__ is None
        else:
            assert hash(a) == hash(b) and hash(ours(**other)) == hash(theirs(**other))
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.x = 1


def test_a_repr_that_recurses_says_so():
    ours, theirs = _both({"__annotations__": {"items": "list"}})
    a, b = ours([]), theirs([])
    a.items.append(a)
    b.items.append(b)
    assert repr(a) == repr(b) == "C(items=[...])"


def test_a_subclass_compares_and_prints_as_the_dataclass_one():
    base_ours, base_theirs = _both(BODIES["flags"])
    sub_ours = astnode(type("D", (base_ours,), {"__annotations__": {"c": "int"}, "c": 5}))
    sub_theirs = dataclass(frozen=True)(type("D", (base_theirs,), {"__annotations__": {"c": "int"},
                                                                    "c": 5}))
    a, b = sub_ours(1, span=(0, 1)), sub_theirs(1, span=(0, 1))
    assert repr(a) == repr(b) and hash(a) == hash(b)
    assert (a == sub_ours(1, span=(2, 3))) and (b == sub_theirs(1, span=(2, 3)))
    assert a != base_ours(1) and b != base_theirs(1)


def test_every_ast_node_of_the_bundled_abilities_is_what_the_dataclass_makes():
    """Each node of every bundled Runebound ability, and a copy of it as the plain frozen
    dataclass of the same fields would make it: the same repr, equality and hash."""
    import yaml

    from runeforge.dsl.runebound import nodes as n
    from runeforge.dsl.runebound import parse_ability

    mirrors: dict = {}

    def mirror(cls):
        if cls not in mirrors:
            spec = [(f.name, f.type, field(default=None, compare=f.compare, repr=f.repr,
                                           hash=f.hash, kw_only=True))
                    for f in dataclasses.fields(cls)]
            mirrors[cls] = dataclasses.make_dataclass(cls.__name__, spec, frozen=True)
            mirrors[cls].__qualname__ = cls.__qualname__
        return mirrors[cls]

    def as_plain(x):
        if isinstance(x, tuple):
            return tuple(as_plain(v) for v in x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            return mirror(type(x))(**{f.name: as_plain(getattr(x, f.name))
                                      for f in dataclasses.fields(x)})
        return x

    texts = []
    for path in sorted((ROOT / "cards").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for card in data.get("cards", []) if isinstance(data, dict) else []:
            if isinstance(card, dict):
                texts += [a for a in card.get("abilities", []) or [] if isinstance(a, str)]
    checked, before = 0, None
    for text in dict.fromkeys(texts):
        try:
            ability = parse_ability(text)
        except Exception:  # noqa: BLE001 - another game's text
            continue
        for node in [ability, *n.ability_nodes(ability)]:
            plain = as_plain(node)
            assert repr(node) == repr(plain)
            assert hash(node) == hash(plain)
            assert node == dataclasses.replace(node) and plain == as_plain(node)
            if before is not None:
                assert (node == before) == (plain == as_plain(before))
                assert (node == before) == (type(node) is type(before) and repr(node) ==
                                            repr(before)) or type(node) is n.Ability
            before = node
            checked += 1
    assert checked > 500
