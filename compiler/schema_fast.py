"""A yes/no JSON Schema check compiled to Python closures, for the common case: a valid file.

``jsonschema`` walks a schema for every value, which made validation the largest part of a
cold ``runeforge check`` (issue 38). Most files are valid, and saying so needs no error
objects: :func:`compile_schema` turns a packaged schema into one function ``check(data) ->
bool`` for the keywords the packaged schemas use, with jsonschema's Draft 2020-12 meaning
(integers are Python ints only, as :func:`.schema.strict_validator`; with
``float_integers``, as jsonschema's own Draft 2020-12 checker, a float such as 4.0 is one too). ``True`` is certain;
``False`` sends the file to jsonschema, which finds and explains the errors, so the
diagnostics never come from here. A keyword it does not know makes the schema uncompilable
(None: jsonschema does it all), and a value it cannot judge exactly (a number type other
than int and float, a property name that is not a string where a pattern must judge it) raises
:class:`Unsure` (jsonschema decides). tests/test_schema_fast.py
holds both to the same answer over the bundled content and many broken copies of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Callable

Check = Callable[[Any], bool]


class Unsure(Exception):
    """A value this check cannot judge exactly as jsonschema would."""


# annotations: no effect on validity
_ANNOTATIONS = frozenset(("description", "examples", "$schema", "$id", "title", "default",
                          "$comment", "$defs", "deprecated", "readOnly", "writeOnly"))


class Unsupported(Exception):
    pass


def _number(x) -> bool:
    kind = type(x)
    if kind is int or kind is float:
        return True
    if kind is bool or isinstance(x, (str, list, dict)) or x is None:
        return False
    if isinstance(x, (int, float)):  # a subclass: as jsonschema (numbers.Number)
        return not isinstance(x, bool)
    raise Unsure(type(x).__name__)


def _integer(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _json_integer(x) -> bool:
    """Draft 2020-12's integer, as jsonschema's default type checker: 4.0 is one."""
    return _integer(x) or isinstance(x, float) and x.is_integer()


_TYPES = {"string": lambda x: isinstance(x, str), "integer": _integer, "number": _number,
          "boolean": lambda x: isinstance(x, bool), "array": lambda x: isinstance(x, list),
          "object": lambda x: isinstance(x, dict), "null": lambda x: x is None}
_JSON_TYPES = {**_TYPES, "integer": _json_integer}


# ---- jsonschema's equality (bool is not 1, sequences and mappings compared deeply) -----------
_TRUE, _FALSE = object(), object()


def _unbool(x):
    if x is True:
        return _TRUE
    if x is False:
        return _FALSE
    return x


def equal(one, two) -> bool:
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return one.keys() == two.keys() and all(equal(one[k], two[k]) for k in one)
    return _unbool(one) == _unbool(two)


def unique(items) -> bool:
    """jsonschema's ``uniq``: sorted neighbours, else every pair."""
    try:
        ordered = sorted(_unbool(i) for i in items)
        return not any(equal(a, b) for a, b in zip(ordered, ordered[1:], strict=False))
    except (NotImplementedError, TypeError):
        seen: list = []
        for e in items:
            e = _unbool(e)
            if any(equal(i, e) for i in seen):
                return False
            seen.append(e)
        return True


def _matches(search, key) -> bool:
    """``re.search`` of a property name; a key that is not a string (YAML's ``2:``) is left to
    jsonschema, which has no exact answer for it here."""
    if not isinstance(key, str):
        raise Unsure(f"key {key!r}")
    return search(key) is not None


# ---- the compiler ----------------------------------------------------------------------------
def compile_schema(schema: dict, float_integers: bool = False) -> Check | None:
    """``check(data) -> bool`` for the whole schema, or None when it uses a keyword this module
    does not implement. ``float_integers``: "integer" as jsonschema's plain Draft 2020-12
    validator reads it (4.0 is one), not as :func:`.schema.strict_validator`."""
    try:
        return _Compiler(schema, _JSON_TYPES if float_integers else _TYPES).compile(schema)
    except Unsupported:
        return None


class _Compiler:
    def __init__(self, root: dict, types: dict = _TYPES):
        self.root = root
        self.types = types
        self.refs: dict[str, list] = {}

    def ref(self, target: str) -> Check:
        if not target.startswith("#/"):
            raise Unsupported(target)
        cell = self.refs.get(target)
        if cell is None:
            node: Any = self.root
            for part in target[2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(node, dict) or part not in node:
                    raise Unsupported(target)
                node = node[part]
            cell = self.refs[target] = [None]
            cell[0] = self.compile(node)  # a recursive reference finds the cell filled later
        return lambda x: cell[0](x)

    def compile(self, schema) -> Check:
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, dict):
            raise Unsupported(repr(schema))
        checks: list[Check] = []
        for kw, value in schema.items():
            if kw in _ANNOTATIONS or kw in ("then", "else", "prefixItems"):
                continue  # then/else with if; prefixItems below
            make = getattr(self, "k_" + kw.lstrip("$"), None)
            if make is None:
                raise Unsupported(kw)
            checks.append(make(value, schema))
        if "prefixItems" in schema:
            checks.append(self.prefix_items(schema["prefixItems"]))
        if not checks:
            return lambda x: True
        if len(checks) == 1:
            return checks[0]
        # two or three checks (most schemas) without a generator per value (issue 38)
        if len(checks) == 2:
            a, b = checks
            return lambda x: bool(a(x) and b(x))
        if len(checks) == 3:
            a, b, c = checks
            return lambda x: bool(a(x) and b(x) and c(x))
        checks_t = tuple(checks)
        return lambda x: all(c(x) for c in checks_t)

    # each k_<keyword>(value, schema) -> Check
    def k_ref(self, value, schema):
        return self.ref(value)

    def k_type(self, value, schema):
        names = [value] if isinstance(value, str) else list(value)
        if any(n not in self.types for n in names):
            raise Unsupported(f"type {value!r}")
        tests = tuple(self.types[n] for n in names)
        if len(tests) == 1:
            return tests[0]
        return lambda x: any(t(x) for t in tests)

    def _bound(self, value, fails):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise Unsupported(f"bound {value!r}")
        return lambda x: not (_number(x) and fails(x, value))

    def k_minimum(self, value, schema):
        return self._bound(value, lambda x, v: x < v)

    def k_maximum(self, value, schema):
        return self._bound(value, lambda x, v: x > v)

    def k_exclusiveMinimum(self, value, schema):
        return self._bound(value, lambda x, v: x <= v)

    def k_exclusiveMaximum(self, value, schema):
        return self._bound(value, lambda x, v: x >= v)

    def k_multipleOf(self, value, schema):
        if type(value) is not int:
            raise Unsupported("multipleOf a non-integer")
        return lambda x: not (_number(x) and x % value)

    def _size(self, kind, value, fails):
        if type(value) is not int:
            raise Unsupported(f"size {value!r}")
        return lambda x: not (isinstance(x, kind) and fails(len(x), value))

    def k_minLength(self, value, schema):
        return self._size(str, value, lambda n, v: n < v)

    def k_maxLength(self, value, schema):
        return self._size(str, value, lambda n, v: n > v)

    def k_minItems(self, value, schema):
        return self._size(list, value, lambda n, v: n < v)

    def k_maxItems(self, value, schema):
        return self._size(list, value, lambda n, v: n > v)

    def k_minProperties(self, value, schema):
        return self._size(dict, value, lambda n, v: n < v)

    def k_maxProperties(self, value, schema):
        return self._size(dict, value, lambda n, v: n > v)

    def k_pattern(self, value, schema):
        search = re.compile(value).search
        return lambda x: not isinstance(x, str) or search(x) is not None

    def k_enum(self, value, schema):
        if not isinstance(value, list):
            raise Unsupported("enum")
        plain = {v for v in value if isinstance(v, str)}
        if len(plain) == len(value):  # strings only: a set lookup, no numbers to confuse
            return lambda x: isinstance(x, str) and x in plain
        return lambda x: any(equal(v, x) for v in value)

    def k_const(self, value, schema):
        return lambda x: equal(x, value)

    def k_uniqueItems(self, value, schema):
        if not value:
            return lambda x: True
        return lambda x: not isinstance(x, list) or unique(x)

    def k_required(self, value, schema):
        names = tuple(value)
        return lambda x: not isinstance(x, dict) or all(n in x for n in names)

    def k_properties(self, value, schema):
        props = tuple((name, self.compile(sub)) for name, sub in value.items())

        def check(x):
            if not isinstance(x, dict):
                return True
            for name, sub in props:
                if name in x and not sub(x[name]):
                    return False
            return True
        return check

    def k_patternProperties(self, value, schema):
        pats = tuple((re.compile(p).search, self.compile(sub)) for p, sub in value.items())

        def check(x):
            if not isinstance(x, dict):
                return True
            for search, sub in pats:
                for k, v in x.items():
                    if _matches(search, k) and not sub(v):
                        return False
            return True
        return check

    def k_additionalProperties(self, value, schema):
        known = frozenset(schema.get("properties", {}))
        # as jsonschema: a key matched by any patternProperties pattern is not additional
        patterns = "|".join(schema.get("patternProperties", {}))
        search = re.compile(patterns).search if patterns else None

        def extra(k) -> bool:
            return k not in known and not (search is not None and _matches(search, k))
        if value is False:
            return lambda x: not isinstance(x, dict) or not any(extra(k) for k in x)
        sub = self.compile(value)
        return lambda x: not isinstance(x, dict) or all(
            sub(v) for k, v in x.items() if extra(k))

    def k_propertyNames(self, value, schema):
        sub = self.compile(value)
        return lambda x: not isinstance(x, dict) or all(sub(k) for k in x)

    def k_items(self, value, schema):
        start = len(schema.get("prefixItems", []))
        if value is False:
            return lambda x: not isinstance(x, list) or len(x) <= start
        sub = self.compile(value)

        def check(x):
            if not isinstance(x, list):
                return True
            for v in x[start:] if start else x:
                if not sub(v):
                    return False
            return True
        return check

    def prefix_items(self, value):
        subs = tuple(self.compile(s) for s in value)
        return lambda x: not isinstance(x, list) or all(s(v) for s, v in zip(subs, x, strict=False))

    def k_anyOf(self, value, schema):
        subs = tuple(self.compile(s) for s in value)
        return lambda x: any(s(x) for s in subs)

    def k_allOf(self, value, schema):
        subs = tuple(self.compile(s) for s in value)
        return lambda x: all(s(x) for s in subs)

    def k_oneOf(self, value, schema):
        subs = tuple(self.compile(s) for s in value)
        return lambda x: sum(1 for s in subs if s(x)) == 1

    def k_not(self, value, schema):
        sub = self.compile(value)
        return lambda x: not sub(x)

    def k_if(self, value, schema):
        cond = self.compile(value)
        then = self.compile(schema.get("then", True))
        other = self.compile(schema.get("else", True))
        return lambda x: then(x) if cond(x) else other(x)
