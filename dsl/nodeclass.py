"""``@node``: ``@dataclass(frozen=True)`` for the ability languages' AST classes, with the
``__repr__``, ``__eq__`` and ``__hash__`` the dataclass would generate given by shared
functions instead of code generated for each class (issue 38).

Python 3.11 compiles every generated method of every dataclass as the class is created: the
two grammars' ~140 node classes cost a cold ``runeforge check`` ~60 ms of compiling before it
reads a file, half of it these three methods. The shared ones behave as the generated ones:
the same fields (``repr``, ``compare`` and ``hash`` of each field), the same text, tuples and
hash values, ``NotImplemented`` for another class, ``...`` for a repr that recurses, and a
method the class defines itself is kept, as ``dataclass`` keeps it
(tests/test_nodeclass.py compares them with ``dataclass``'s own). ``__init__`` and the frozen
``__setattr__`` and ``__delattr__`` are still the dataclass's."""

from __future__ import annotations

import _thread
from dataclasses import MISSING, dataclass, fields
from operator import attrgetter

_PLANS: dict = {}  # class -> (repr field names, compare getter, hash getter)


def _getter(names: tuple):
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _plan(cls) -> tuple:
    plan = _PLANS.get(cls)
    if plan is None:
        found = fields(cls)
        plan = _PLANS[cls] = (
            tuple(f.name for f in found if f.repr),
            _getter(tuple(f.name for f in found if f.compare)),
            _getter(tuple(f.name for f in found if (f.compare if f.hash is None else f.hash))))
    return plan


_REPR_RUNNING: set = set()


def _repr(self) -> str:
    key = id(self), _thread.get_ident()
    if key in _REPR_RUNNING:
        return "..."
    _REPR_RUNNING.add(key)
    try:
        names = _plan(self.__class__)[0]
        return self.__class__.__qualname__ + "(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in names) + ")"
    finally:
        _REPR_RUNNING.discard(key)


def _eq(self, other):
    if other.__class__ is self.__class__:
        same = _plan(self.__class__)[1]
        return same(self) == same(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(_plan(self.__class__)[2](self))


def astnode(cls=None, /, **options):
    """``@dataclass(frozen=True, **options)`` with shared ``__repr__``, ``__eq__`` and
    ``__hash__`` (``options``: no ``repr``, ``eq``, ``frozen``, ``unsafe_hash`` or
    ``order``)."""
    if {"repr", "eq", "frozen", "unsafe_hash", "order"} & set(options):
        raise TypeError("@astnode sets repr, eq and frozen itself")

    def wrap(cls):
        own = cls.__dict__
        has_repr, has_eq = "__repr__" in own, "__eq__" in own
        class_hash = own.get("__hash__", MISSING)  # (dataclass's own test of an explicit one)
        explicit_hash = not (class_hash is MISSING or (class_hash is None and has_eq))
        out = dataclass(frozen=True, repr=False, eq=False, **options)(cls)
        if not has_repr:
            out.__repr__ = _repr
        if not has_eq:
            out.__eq__ = _eq
        if not explicit_hash:
            out.__hash__ = _hash
        return out

    return wrap if cls is None else wrap(cls)
