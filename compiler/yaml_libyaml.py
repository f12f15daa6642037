"""The fast front end of :mod:`runeforge.yamlsafe`: nodes composed by libyaml (PyYAML's C
parser), with the line and column of every node.

It gives the same nodes, tags and positions as the ruamel front end (:mod:`.yaml_ruamel`)
for the files it vouches for, and vouches only for plain card data: :func:`compose` returns
:data:`UNSURE` for a file with a syntax error, a directive (``%YAML``), nesting near
:data:`~runeforge.yamlsafe.MAX_DEPTH`, or text it cannot read, and the caller reads that file
with ruamel, whose verdict (code, message, position) is the reference. Anchors are refused
before (yamlsafe's scan), so no alias is ever expanded here.

Plain scalars are resolved by the YAML 1.2 rules (``yes`` is text, ``0o17`` a number), the
table of ruamel's resolver, not PyYAML's YAML 1.1 one. tests/test_yaml_front_ends.py
compares the two front ends over the bundled content and mutated files.
"""

from __future__ import annotations

import re

try:
    from yaml import YAMLError
    from yaml._yaml import CParser
    from yaml.resolver import BaseResolver
except ImportError:  # PyYAML without libyaml: every file goes to ruamel
    CParser = None
    BaseResolver = object
    YAMLError = Exception

UNSURE = object()
# Above this bound on the nesting (opening brackets + twice the longest line), the events are
# counted first (iteratively) before the composer (which recurses in C) sees the text.
CHEAP_DEPTH_BOUND = 2000
# A file nesting this deep goes to ruamel, whose scanner refuses MAX_DEPTH levels exactly.
DEPTH_MARGIN = 5


class _Resolver12(BaseResolver):
    """YAML 1.2 implicit tags, in the order of ruamel's resolver table."""

    yaml_implicit_resolvers: dict = {}


if CParser is not None:
    _RULES = [
        ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("float", r"""^(?:
         [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
        |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""", "-+0123456789."),
        ("int", r"""^(?:[-+]?0b[0-1_]+
        |[-+]?0o?[0-7_]+
        |[-+]?[0-9_]+
        |[-+]?0x[0-9a-fA-F_]+)$""", "-+0123456789"),
        ("merge", r"^(?:<<)$", "<"),
        ("null", r"""^(?: ~
        |null|Null|NULL
        | )$""", ["~", "n", "N", ""]),
        ("timestamp", r"""^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
        |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
        (?:[Tt]|[ \t]+)[0-9][0-9]?
        :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
        (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$""", "0123456789"),
        ("value", r"^(?:=)$", "="),
        ("yaml", r"^(?:!|&|\*)$", "!&*"),
    ]
    for _tag, _regexp, _first in _RULES:
        _Resolver12.add_implicit_resolver("tag:yaml.org,2002:" + _tag, re.compile(_regexp, re.X),
                                          list(_first))

    from yaml.nodes import ScalarNode, SequenceNode

    _TABLE = _Resolver12.yaml_implicit_resolvers
    _KNOWN: dict = {}  # plain scalar -> its tag (card files repeat their keys and words)

    class _Parser(CParser, _Resolver12):
        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            _Resolver12.__init__(self)

        # BaseResolver's, less its path resolvers (none here), called once per node
        def descend_resolver(self, current_node, current_index) -> None:
            pass

        def ascend_resolver(self) -> None:
            pass

        def resolve(self, kind, value, implicit):
            if kind is ScalarNode:
                if not implicit[0]:
                    return _Resolver12.DEFAULT_SCALAR_TAG
                tag = _KNOWN.get(value)
                if tag is None:
                    tag = _Resolver12.DEFAULT_SCALAR_TAG
                    for candidate, regexp in _TABLE.get(value[:1], ()):
                        if regexp.match(value):
                            tag = candidate
                            break
                    if len(_KNOWN) < 50_000 and len(value) < 100:
                        _KNOWN[value] = tag
                return tag
            if kind is SequenceNode:
                return _Resolver12.DEFAULT_SEQUENCE_TAG
            return _Resolver12.DEFAULT_MAPPING_TAG


def available() -> bool:
    return CParser is not None


def _event_depth(text: str) -> int | None:
    """The deepest nesting of collections, counted over the parser's events (no recursion);
    None when libyaml refuses the text."""
    parser = _Parser(text)
    depth = deepest = 0
    try:
        while True:
            event = parser.get_event()
            if event is None:
                return deepest
            name = type(event).__name__
            if name in ("SequenceStartEvent", "MappingStartEvent"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest >= 1000:
                    return deepest
            elif name in ("SequenceEndEvent", "MappingEndEvent"):
                depth -= 1
            elif name == "StreamEndEvent":
                return deepest
    except YAMLError:
        return None
    finally:
        parser.dispose()


def _scan(root) -> tuple[int | None, tuple | None]:
    """(the deepest nesting of collections below ``root``, the first repeated key), in one
    walk (issue 38: two walks were a fifth of reading a file). The depth is None when a
    node's mark may differ from ruamel's: an empty plain scalar (``key:`` with no value),
    which libyaml marks where the value would start and ruamel at the next token. The
    repeated key, as ``(key, its node, the line of the first)``, is the one
    :func:`~runeforge.yamlsource.duplicate_key` finds first: its walk visits the mappings
    below values and items (never below keys) in this order."""
    deepest, dup = 0, None
    stack = [(root, 1, True)]  # (node, depth, look for repeated keys in it)
    while stack:
        node, depth, dups = stack.pop()
        kind = node.id
        if kind == "scalar":
            if not node.value and not node.style:
                return None, None
            continue
        if depth > deepest:
            deepest = depth
        if kind == "mapping":
            seen = {} if dups and dup is None else None
            for key, value in node.value:
                if seen is not None:
                    k = key.value if key.id == "scalar" else id(key)
                    first = seen.get(k)
                    if first is not None:
                        dup = (k, key, first.start_mark.line + 1)
                        seen = None
                    else:
                        seen[k] = key
                stack.append((key, depth + 1, False))
                stack.append((value, depth + 1, dups))
        else:
            stack.extend((item, depth + 1, dups) for item in node.value)
    return deepest, dup


_DIRECTIVE = re.compile(r"^%", re.M)
# Characters the two parsers may read differently (a byte order mark inside the text, line
# breaks other than LF, tabs, control characters, lone surrogates): such a file goes to ruamel.
_ODD = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]")


def compose(text: str, lines: list[str], max_depth: int):
    """The root node of ``text`` (None: no document), or :data:`UNSURE`: read it with
    ruamel."""
    return compose_checked(text, lines, max_depth)[0]


def compose_checked(text: str, lines: list[str], max_depth: int):
    """(:func:`compose`, the first repeated key of its nodes as :func:`_scan` gives it, or
    None)."""
    if CParser is None or _DIRECTIVE.search(text) or _ODD.search(text):
        return UNSURE, None
    limit = max_depth - DEPTH_MARGIN
    bound = text.count("[") + text.count("{") + 2 * max(map(len, lines), default=0) + 2
    if bound > CHEAP_DEPTH_BOUND:
        depth = _event_depth(text)
        if depth is None or depth >= limit:
            return UNSURE, None
    parser = _Parser(text)
    try:
        root = parser.get_single_node()
    except (YAMLError, RecursionError, ValueError, TypeError):
        return UNSURE, None
    finally:
        parser.dispose()
    if root is None:
        return None, None
    depth, dup = _scan(root)
    if depth is None or depth >= limit:
        return UNSURE, None
    return root, dup
