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


def test_the_frozen_methods_are_the_dataclass_ones():
    """@astnode's __setattr__ and __delattr__ (closures, not compiled per class): the same
    errors and messages as dataclass's, for fields, other names, and a subclass that is not a
    dataclass (which may set its own attributes, but not the fields)."""
    ours, theirs = _both(BODIES["flags"])
    for cls in (ours, theirs):
        assert cls.__setattr__.__qualname__ == "C.__setattr__"
        assert cls.__delattr__.__qualname__ == "C.__delattr__"
    a, b = ours(1), theirs(1)
    for name in ("a", "span", "other"):
        for target in (a, b):
            with pytest.raises(dataclasses.FrozenInstanceError) as set_err:
                setattr(target, name, 2)
            with pytest.raises(dataclasses.FrozenInstanceError) as del_err:
                delattr(target, name)
            assert str(set_err.value) == f"cannot assign to field {name!r}"
            assert str(del_err.value) == f"cannot delete field {name!r}"
    sub_ours, sub_theirs = type("S", (ours,), {}), type("S", (theirs,), {})
    for sub in (sub_ours, sub_theirs):
        x = sub(1)
        x.other = 3
        assert x.other == 3
        del x.other
        with pytest.raises(AttributeError):
            x.other  # noqa: B018
        with pytest.raises(dataclasses.FrozenInstanceError):
            x.a = 2
        with pytest.raises(dataclasses.FrozenInstanceError):
            del x.span


def test_other_frozen_dataclasses_keep_their_generated_methods():
    """The shared methods are @astnode's only: a plain frozen dataclass made after one still
    gets the methods dataclass compiles for it."""
    ours, _ = _both(BODIES["plain"])
    plain = dataclass(frozen=True)(type("P", (), {"__annotations__": {"a": "int"}}))
    assert ours.__setattr__.__code__ is not plain.__setattr__.__code__
    assert plain.__setattr__.__code__.co_filename == "<string>"


def test_init_is_the_dataclass_one_once_called():
    """@astnode's __init__ is compiled at the first instance: before, a stand-in of the same
    name that makes and runs it; after, the dataclass's own (defaults, factories, keyword-only
    fields, __post_init__ and its errors as dataclass gives them)."""
    body = {"__annotations__": {"a": "int", "b": "list", "c": "int"},
            "b": field(default_factory=list), "c": field(default=3, kw_only=True),
            "__post_init__": lambda self: object.__setattr__(self, "seen", True),
            "__doc__": "A node."}
    ours, theirs = _both(body)
    assert ours.__init__.__qualname__ == theirs.__init__.__qualname__ == "C.__init__"
    assert ours.__init__.__module__ == theirs.__init__.__module__
    stand_in = ours.__init__
    for cls in (ours, theirs):
        x = cls(1, c=4)
        assert (x.a, x.b, x.c, x.seen) == (1, [], 4, True)
        with pytest.raises(TypeError) as err:
            cls(1, 2, 3)
        assert "positional argument" in str(err.value)
    assert ours.__init__ is not stand_in and ours.__init__.__qualname__ == "C.__init__"
    assert ours.__init__.__code__.co_varnames == theirs.__init__.__code__.co_varnames
    sub = type("S", (ours,), {})  # not a dataclass: runs the base's
    assert sub(5).a == 5
    fresh, _ = _both(body)
    fresh_stand_in = fresh.__init__
    y = type("T", (fresh,), {})(6)  # the stand-in called with an instance of a subclass
    assert y.a == 6 and type(y).__init__ is fresh.__init__ is not fresh_stand_in


def test_a_field_without_default_after_one_with_is_refused_when_the_class_is_made():
    body = {"__annotations__": {"a": "int", "b": "int"}, "a": 1}
    with pytest.raises(TypeError) as ours:
        astnode(type("C", (), dict(body)))
    with pytest.raises(TypeError) as theirs:
        dataclass(frozen=True)(type("C", (), dict(body)))
    assert str(ours.value) == str(theirs.value)


def test_a_class_without_a_docstring_gets_the_dataclass_one():
    """dataclass writes a missing docstring from __init__'s signature: such a class gets its
    __init__ at once, and the same docstring."""
    body = {"__annotations__": {"a": "int", "b": "list"}, "b": field(default_factory=list)}
    ours, theirs = _both(body)
    assert ours.__doc__ == theirs.__doc__ == "C(a: 'int', b: 'list' = <factory>)"
    documented, _ = _both({**body, "__doc__": "A node."})
    assert documented.__doc__ == "A node."
