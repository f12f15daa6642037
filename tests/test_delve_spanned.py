"""``spanned_rules`` (dsl/delve/words.py) wraps a Delve transformer class's methods as lark's
``@v_args(wrapper=spanned)`` does, without listing every member of every base (issue 38):
the same attributes wrapped, the same functions under them, the same wrapper; for test
classes with every kind of member, and for each class of the Delve dialect rebuilt bare."""

from __future__ import annotations

import importlib
import pkgutil

from lark import Transformer, v_args

import runeforge.dsl.delve as delve_pkg
from runeforge.dsl.delve.words import _WRAPPED, spanned, spanned_rules


def _shape(cls) -> dict:
    """name -> (kind of the attribute, the function under a wrapper, its wrapper)."""
    out = {}
    for name, value in vars(cls).items():
        if name in ("_abc_impl", "__dict__", "__weakref__"):  # each class's own
            continue
        if isinstance(value, _WRAPPED):
            out[name] = ("wrapped", value.base_func, value.visit_wrapper)
        else:
            out[name] = ("plain", value, None)
    return out


def _both(name: str, bases: tuple, body: dict):
    ours = spanned_rules(type(name, bases, dict(body)))
    theirs = v_args(wrapper=spanned)(type(name, bases, dict(body)))
    return ours, theirs


def _rule(self, s, ch):
    return s, ch


class Mixin(Transformer):
    def mixed(self, s, ch):
        return ch


def test_the_methods_wrapped_are_those_v_args_wraps():
    already = v_args(wrapper=lambda f, d, c, m: f(c))(_rule)
    body = {"rule": _rule, "other_rule": lambda self, s, ch: ch, "_private": _rule,
            "__dunder__": _rule, "CONSTANT": 3, "name": "text", "static": staticmethod(_rule),
            "klass": classmethod(_rule), "already": already, "mixed": _rule}
    for bases in ((Transformer,), (Mixin,), (Mixin, Transformer)):
        ours, theirs = _both("T", bases, body)
        assert _shape(ours) == _shape(theirs)
        assert isinstance(vars(ours)["rule"], _WRAPPED) and vars(ours)["CONSTANT"] == 3
        assert vars(ours)["already"] is already  # left as it was, as v_args leaves it
    inner = type("Inner", (Transformer,), {"rule": _rule})  # a class inside: lark's own way
    ours, theirs = _both("T", (Transformer,), {"Inner": inner, "rule": _rule})
    assert _shape(ours).keys() == _shape(theirs).keys()


def test_every_delve_transformer_class_is_what_v_args_makes():
    seen = 0
    for info in pkgutil.iter_modules(delve_pkg.__path__):
        module = importlib.import_module(f"{delve_pkg.__name__}.{info.name}")
        for cls in list(vars(module).values()):
            if not (isinstance(cls, type) and issubclass(cls, Transformer)
                    and cls.__module__ == module.__name__):
                continue
            own = vars(cls)
            if not any(isinstance(v, _WRAPPED) and v.visit_wrapper is spanned
                       for v in own.values()):
                continue
            bare = {k: (v.base_func if isinstance(v, _WRAPPED) else v) for k, v in own.items()
                    if k not in ("__dict__", "__weakref__")}
            ours, theirs = _both(cls.__name__, cls.__bases__, bare)
            assert _shape(ours) == _shape(theirs), cls
            assert {k for k, v in _shape(ours).items() if v[0] == "wrapped"} == \
                {k for k, v in own.items() if isinstance(v, _WRAPPED)}, cls
            seen += 1
    assert seen >= 20
