"""A linear-time validator for the JSON Schema subset the effect IR's schema is written in.

``jsonschema`` evaluates every alternative of a ``oneOf`` in full, so a schema whose
alternatives each recurse into nested effect lists takes time exponential in the nesting
(issue 22: twenty nested durations took minutes). The IR's schema is therefore written with
*discriminated* branches: ``allOf: [{if: {properties: {op: {const: V}}, required: [op]},
then: S}, ...]``. Any standard validator reads that in linear time, and this module compiles
it once into a table keyed by the discriminator's value, so that each node of an IR is
checked against exactly one branch.

The checker walks the instance with an explicit stack (no recursion, whatever the depth), and
counts how often a path enters each ``$defs`` entry named in ``max_ref_depth``: a deeper
instance is refused before anything else recurses over it. The compiler refuses keywords it
does not implement, so the schema cannot say more than this checker checks.

Semantics follow JSON Schema draft 2020-12 for the supported keywords, except that
``"integer"`` means a JSON integer (``4.0`` and ``true`` are not integers) and errors are
reported one at a time, the first in document order.

``anyOf`` is implemented for alternatives that refer to no ``$defs`` entry (a value that is one
value or a list of them, issue 32 lists): each alternative is a bounded schema, so checking them
in turn stays linear in the instance.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _json_str

_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "$defs",
                          "examples", "default"})
_KEYWORDS = frozenset({"$ref", "type", "enum", "const", "minimum", "maximum", "minLength",
                       "maxLength", "properties", "required", "additionalProperties",
                       "minProperties", "items", "minItems", "maxItems", "uniqueItems",
                       "allOf", "anyOf"}) | _ANNOTATIONS
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_MISSING = object()


class SchemaUnsupported(ValueError):
    """The schema uses a keyword or form this checker does not implement."""


class Invalid(ValueError):
    """An instance does not conform; ``path`` is the list of keys and indexes to the value."""

    def __init__(self, path: tuple, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    @property
    def where(self) -> str:
        return "/".join(str(p) for p in self.path) or "(root)"


class _Node:
    __slots__ = ("types", "enum", "const", "minimum", "maximum", "min_length", "max_length",
                 "properties", "required", "additional", "min_properties", "items",
                 "min_items", "max_items", "unique", "discriminator", "branches", "plain",
                 "ref", "ref_name", "any_of", "scalar", "type_test")

    def __init__(self) -> None:
        self.types = self.enum = self.minimum = self.maximum = None
        self.const = _MISSING
        self.min_length = self.max_length = self.min_properties = None
        self.properties: dict[str, _Node] = {}
        self.required: tuple[str, ...] = ()
        self.additional = True
        self.items = self.min_items = self.max_items = None
        self.unique = False
        self.discriminator = None
        self.branches: dict = {}
        self.plain: list[_Node] = []  # allOf members that are not discriminated branches
        self.ref = self.ref_name = None
        self.any_of: list[_Node] = []
        self.scalar = None  # whether _scalar has anything to check (found at the first check)
        self.type_test = None  # types' test, one function (made at the first check)


def _refers(schema) -> bool:
    """Whether ``schema`` (a JSON value) has a ``$ref`` anywhere in it."""
    stack = [schema]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if "$ref" in x:
                return True
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return False


def _branch_key(member: dict):
    """(discriminator, value) of ``{if: {properties: {D: {const: V}}, required: [D]}, then}``."""
    cond = member.get("if")
    if set(member) != {"if", "then"} or not isinstance(cond, dict):
        return None
    props = cond.get("properties")
    if set(cond) != {"properties", "required"} or not isinstance(props, dict) or len(props) != 1:
        return None
    (name, sub), = props.items()
    if cond["required"] != [name] or not isinstance(sub, dict) or set(sub) != {"const"}:
        return None
    return name, _scalar_constant(sub["const"], "if/const")


class _Compiler:
    def __init__(self, root: dict) -> None:
        self.defs = root.get("$defs", {})
        self.compiled: dict[str, _Node] = {}

    def ref(self, ref: str) -> _Node:
        prefix = "#/$defs/"
        if not ref.startswith(prefix) or ref[len(prefix):] not in self.defs:
            raise SchemaUnsupported(f"$ref {ref!r}: only '#/$defs/<name>' of this schema")
        name = ref[len(prefix):]
        if name not in self.compiled:
            self.compiled[name] = node = _Node()  # placed first: definitions may recurse
            self.fill(node, self.defs[name])
        return self.compiled[name]

    def node(self, schema: dict) -> _Node:
        node = _Node()
        self.fill(node, schema)
        return node

    def fill(self, node: _Node, schema: dict) -> None:
        if not isinstance(schema, dict):
            raise SchemaUnsupported(f"a schema must be an object, not {schema!r}")
        unknown = set(schema) - _KEYWORDS
        if unknown:
            raise SchemaUnsupported(f"keywords not implemented: {sorted(unknown)}")
        if "$ref" in schema:
            node.ref = self.ref(schema["$ref"])
            node.ref_name = schema["$ref"].rsplit("/", 1)[-1]
        if "type" in schema:
            types = schema["type"]
            node.types = tuple([types] if isinstance(types, str) else types)
            if not set(node.types) <= set(_TYPES):
                raise SchemaUnsupported(f"type {types!r}")
        if "enum" in schema:
            node.enum = {_scalar_constant(v, "enum") for v in schema["enum"]}
        if "const" in schema:
            node.const = _scalar_constant(schema["const"], "const")
        node.minimum = schema.get("minimum")
        node.maximum = schema.get("maximum")
        node.min_length = schema.get("minLength")
        node.max_length = schema.get("maxLength")
        node.properties = {k: self.node(v) for k, v in schema.get("properties", {}).items()}
        node.required = tuple(schema.get("required", ()))
        additional = schema.get("additionalProperties", True)
        if additional not in (True, False):
            raise SchemaUnsupported("additionalProperties must be true or false")
        node.additional = additional
        node.min_properties = schema.get("minProperties")
        if "items" in schema:
            node.items = self.node(schema["items"])
        node.min_items = schema.get("minItems")
        node.max_items = schema.get("maxItems")
        node.unique = bool(schema.get("uniqueItems"))
        for member in schema.get("anyOf", ()):
            if _refers(member):
                raise SchemaUnsupported("anyOf: an alternative may not use $ref")
            node.any_of.append(self.node(member))
        for member in schema.get("allOf", ()):
            key = _branch_key(member)
            if key is None:
                if "if" in member or "then" in member:
                    raise SchemaUnsupported("'if' must test one property's const: "
                                            "{if: {properties: {D: {const: V}}, required: [D]}}")
                node.plain.append(self.node(member))
                continue
            name, value = key
            if node.discriminator not in (None, name):
                raise SchemaUnsupported(f"branches on both {node.discriminator!r} and {name!r}")
            if value in node.branches:
                raise SchemaUnsupported(f"two branches for {name} = {value}")
            node.discriminator = name
            node.branches[value] = self.node(member["then"])


_SCALARS = (str, int, float, bool, type(None))


def _key(value) -> str | None:
    """A scalar's comparison key (``1`` and ``true`` differ), None for an object or array:
    enums and consts hold scalars only, so a container never matches (nor is serialised,
    however deep it is)."""
    if type(value) is str:  # most keys (an op, an enum's word): json.dumps' own encoding of
        return _json_str(value)  # a str, without the call through json.dumps (issue 38)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 18:
        return "<a very large integer>"  # no schema constant is this large; str() may refuse
    return json.dumps(value) if isinstance(value, _SCALARS) else None


def _scalar_constant(value, keyword: str) -> str:
    if not isinstance(value, _SCALARS):
        raise SchemaUnsupported(f"{keyword}: only scalar values are implemented")
    return json.dumps(value)


def _type_test(node: _Node):
    """One function for ``any(_TYPES[t](value) for t in node.types)``, kept on the node."""
    tests = tuple(_TYPES[t] for t in node.types)
    node.type_test = tests[0] if len(tests) == 1 else (lambda v: any(t(v) for t in tests))
    return node.type_test


def _checks_scalar(node: _Node) -> bool:
    """Whether :meth:`Checker._scalar` checks anything of ``node`` (most object and array
    nodes of the IR have nothing but their type; issue 38)."""
    return not (node.types is None and node.enum is None and node.const is _MISSING
                and node.minimum is None and node.maximum is None
                and node.min_length is None and node.max_length is None)


def _describe(types: tuple[str, ...]) -> str:
    return " or ".join(types)


class Checker:
    """A compiled schema: ``check(instance)`` raises :class:`Invalid` or returns None.

    ``max_ref_depth`` maps a ``$defs`` name to how many times one path may enter it (the
    top-level entry counts as 1).
    """

    def __init__(self, schema: dict, max_ref_depth: dict[str, int] | None = None) -> None:
        compiler = _Compiler(schema)
        self.root = compiler.node(schema)
        self.max_ref_depth = dict(max_ref_depth or {})
        unknown = set(self.max_ref_depth) - set(compiler.compiled)
        if unknown:
            raise SchemaUnsupported(f"max_ref_depth names no $ref target: {sorted(unknown)}")
        self.visits = 0  # nodes checked by the last check() (a measure of its work)

    def check(self, instance) -> None:
        self.visits = self._walk(instance, self.root, (), None)

    def _walk(self, instance, root: _Node, path0: tuple, depths0) -> int:
        visits = 0
        limits = self.max_ref_depth
        # (value, schema node, path, {def name: depth} or None)
        stack: list = [(instance, root, path0, depths0)]
        while stack:
            value, node, path, depths = stack.pop()
            visits += 1
            children: list = []
            if node.ref is not None:
                name = node.ref_name
                if name in limits:
                    depth = (depths or {}).get(name, 0) + 1
                    if depth > limits[name]:
                        raise Invalid(path, f"nested more than {limits[name]} '{name}' "
                                            "levels deep")
                    depths = {**(depths or {}), name: depth}
                children.append((value, node.ref, path, depths))
            scalar = node.scalar
            if scalar is None:  # (the schema is compiled whole before any check)
                scalar = node.scalar = _checks_scalar(node)
            if scalar:
                self._scalar(value, node, path)
            if node.any_of:
                visits += self._any_of(value, node, path, depths)
            if isinstance(value, dict):
                self._object(value, node, path, depths, children)
            elif isinstance(value, list):
                self._array(value, node, path, depths, children)
            if node.plain:
                children.extend((value, member, path, depths) for member in node.plain)
            stack.extend(reversed(children))
        return visits

    def _any_of(self, value, node: _Node, path, depths) -> int:
        """Visits of the first alternative ``value`` conforms to; Invalid when it conforms to
        none (the message of the last one tried)."""
        failed = None
        for member in node.any_of:
            try:
                return self._walk(value, member, path, depths)
            except Invalid as err:
                failed = err
        raise Invalid(path, f"{_short(value)} matches no alternative ({failed.message})")

    def _scalar(self, value, node: _Node, path: tuple) -> None:
        if node.types is not None and not (node.type_test or _type_test(node))(value):
            raise Invalid(path, f"{_short(value)} is not of type {_describe(node.types)}")
        if node.enum is not None and _key(value) not in node.enum:
            allowed = ", ".join(sorted(node.enum))
            raise Invalid(path, f"{_short(value)} is not one of {allowed}")
        if node.const is not _MISSING and _key(value) != node.const:
            raise Invalid(path, f"{node.const} was expected")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if node.minimum is not None and value < node.minimum:
                raise Invalid(path, f"{_short(value)} is less than the minimum of {node.minimum}")
            if node.maximum is not None and value > node.maximum:
                raise Invalid(path, f"{_short(value)} is greater than the maximum of {node.maximum}")
        if isinstance(value, str):
            if node.min_length is not None and len(value) < node.min_length:
                raise Invalid(path, f"{_short(value)} is shorter than {node.min_length}")
            if node.max_length is not None and len(value) > node.max_length:
                raise Invalid(path, f"{_short(value)} is longer than {node.max_length}")

    def _object(self, value: dict, node: _Node, path, depths, children: list) -> None:
        for name in node.required:
            if name not in value:
                raise Invalid(path, f"{name!r} is a required property")
        if not node.additional:
            extra = [k for k in value if k not in node.properties]
            if extra:
                raise Invalid(path, "additional properties are not allowed "
                                    f"({', '.join(repr(k) for k in extra[:5])} unexpected)")
        if node.min_properties is not None and len(value) < node.min_properties:
            raise Invalid(path, f"expected at least {node.min_properties} properties")
        for name, sub in node.properties.items():
            if name in value:
                children.append((value[name], sub, (*path, name), depths))
        if node.discriminator is not None and node.discriminator in value:
            branch = node.branches.get(_key(value[node.discriminator]))
            if branch is not None:
                children.append((value, branch, path, depths))

    def _array(self, value: list, node: _Node, path, depths, children: list) -> None:
        if node.min_items is not None and len(value) < node.min_items:
            raise Invalid(path, f"expected at least {node.min_items} items")
        if node.max_items is not None and len(value) > node.max_items:
            raise Invalid(path, f"expected at most {node.max_items} items")
        if node.unique:  # compares scalar items (the only kind the IR lists hold)
            seen: set[str] = set()
            for item in value:
                key = _key(item)
                if key is not None and key in seen:
                    raise Invalid(path, f"has non-unique elements ({_short(item)} twice)")
                seen.add(key)
        if node.items is not None:
            children.extend((item, node.items, (*path, i), depths)
                            for i, item in enumerate(value))


def _short(value) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 12:
        return "a very large integer"
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
