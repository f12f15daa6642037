"""``@node``: ``@dataclass(frozen=True)`` for the ability languages' AST classes, with the
``__repr__``, ``__eq__`` and ``__hash__`` the dataclass would generate given by shared
functions instead of code generated for each class (issue 38).

Python 3.11 compiles every generated method of every dataclass as the class is created: the
two grammars' ~140 node classes cost a cold ``runeforge check`` ~60 ms of compiling before it
reads a file, half of it these three methods. The shared ones behave as the generated ones:
the same fields (``repr``, ``compare`` and ``hash`` of each field), the same text, tuples and
hash values, ``NotImplemented`` for another class, ``...`` for a repr that recurses, and a
method the class defines itself is kept, as ``dataclass`` keeps it
(tests/test_nodeclass.py compares them with ``dataclass``'s own). The frozen ``__setattr__``
and ``__delattr__`` are closures over the class and its field names, the code ``dataclass``
generates for them (Python 3.10 to 3.12 compile two functions per class for them, ~30 ms of a
cold check for the ~140 node classes; 3.13 compiles a class's methods at once and keeps its
own). ``__init__`` is the dataclass's, compiled when the class is first instantiated (a
command uses about half of the node classes; a cold check used 67 of 143), with its argument
order checked when the class is made, as ``dataclass`` checks it (until then
``inspect.signature`` of the class reads ``(*a, **k)``; a class without a docstring, whose
docstring dataclass writes from that signature, gets its ``__init__`` at once)."""

from __future__ import annotations

import _thread
import dataclasses
import sys
from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
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


def _frozen_get_del_attr(cls, field_list, globals):  # noqa: A002 - dataclasses' own name
    """``dataclasses._frozen_get_del_attr`` without compiling: the same two methods, as
    closures (the same test, the same errors and messages, ``super(cls, self)`` otherwise)."""
    names = tuple(f.name for f in field_list)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for fn in (__setattr__, __delattr__):  # as dataclass names the functions it makes
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        fn.__module__ = cls.__module__
    return __setattr__, __delattr__


_GENERATED = getattr(dataclasses, "_frozen_get_del_attr", None)
_GENERATED_INIT = getattr(dataclasses, "_init_fn", None)
# only where dataclasses compiles each method on its own, with the signatures replaced here
_SHARE_FROZEN = sys.version_info < (3, 13) and _GENERATED is not None and \
    _GENERATED.__code__.co_varnames[:3] == ("cls", "fields", "globals") and \
    _GENERATED_INIT is not None and \
    _GENERATED_INIT.__code__.co_varnames[:3] == ("fields", "std_fields", "kw_only_fields")
_PATCHING = _thread.allocate_lock()


def _lazy_init_fn(made: list, asked: list):
    """A stand-in for ``dataclasses._init_fn`` (its arguments kept in ``asked``): the
    ``__init__`` it returns compiles the dataclass's own (``_init_fn`` with the same
    arguments) on its first call, puts it on the class (``made[0]``, set once the class is
    made) and runs it; later calls run the dataclass's own directly."""
    def make(*args, **kwargs):
        asked.append((args, kwargs))

        def __init__(self, *a, **k):
            cls = made[0]
            real = cls.__dict__.get("__init__")
            if real is __init__:  # (another thread may have put it there meanwhile)
                real = _real_init(cls, args, kwargs)
            real(self, *a, **k)

        return __init__

    return make


def _real_init(cls, args, kwargs):
    """The dataclass's own ``__init__`` of ``cls``, named as ``dataclass`` names it, put on
    the class."""
    real = _GENERATED_INIT(*args, **kwargs)
    real.__module__ = cls.__module__
    real.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = real
    return real


def _check_init_order(cls) -> None:
    """The check ``dataclasses._init_fn`` makes when the class is made: no positional field
    without a default after one with a default (the same TypeError)."""
    seen_default = False
    for f in fields(cls):
        if f.init and not f.kw_only:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _frozen_dataclass(cls, options: dict):
    """``dataclass(frozen=True, repr=False, eq=False, **options)(cls)``, its frozen
    ``__setattr__`` and ``__delattr__`` made by :func:`_frozen_get_del_attr` and its
    ``__init__`` compiled when first called (a class made meanwhile by another thread gets
    the same methods: plain dataclass methods for a class that is not an @astnode, those made
    here otherwise)."""
    if not _SHARE_FROZEN:
        return dataclass(frozen=True, repr=False, eq=False, **options)(cls)
    made: list = []
    asked: list = []
    # (a class without a docstring gets one from __init__'s signature: __init__ made at once)
    lazy = bool(cls.__dict__.get("__doc__"))
    with _PATCHING:
        dataclasses._frozen_get_del_attr = _frozen_get_del_attr
        if lazy:
            dataclasses._init_fn = _lazy_init_fn(made, asked)
        try:
            out = dataclass(frozen=True, repr=False, eq=False, **options)(cls)
        finally:
            dataclasses._frozen_get_del_attr = _GENERATED
            dataclasses._init_fn = _GENERATED_INIT
    made.append(out)
    if asked:  # (init=False: no __init__ asked for)
        args, kwargs = asked[0]
        if len(out.__dataclass_fields__) != len(fields(out)):
            # pseudo-fields (InitVar, ClassVar): the dataclass's own __init__ at once
            _real_init(out, args, kwargs)
        else:
            _check_init_order(out)
            out.__init__.__qualname__ = f"{out.__qualname__}.__init__"
            out.__init__.__module__ = out.__module__
    return out


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
        out = _frozen_dataclass(cls, options)
        if not has_repr:
            out.__repr__ = _repr
        if not has_eq:
            out.__eq__ = _eq
        if not explicit_hash:
            out.__hash__ = _hash
        return out

    return wrap if cls is None else wrap(cls)
