"""Positions of YAML values: plain data from YAML nodes, plus a position index.

:func:`convert` turns the node tree of :func:`runeforge.yamlsafe.parse` (or a ruamel
round-trip tree) into plain Python (dict/list/str/int/float/bool/None) and records the
1-based (line, col) of every value and every mapping key, keyed by the path from the file's
root, using each node's start mark.

A scalar that cannot be converted (``!!int abc``, an unknown tag such as ``!foo`` or
``!!python/name:...``, the date ``2001-13-45``, a number longer than
:data:`MAX_NUMBER_CHARS` characters) never raises: it is kept as its source text and recorded
in :attr:`PositionIndex.problems` at its node's mark, for the loader to report (RF110, RF108).
Only the plain YAML 1.2 tags are constructed; no tag ever names code to run.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

Pos = tuple[int, int]


# The tags a card file may carry (explicitly or by resolution); anything else is RF110.
_TAG = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp"))
COLLECTION_TAGS = frozenset((_TAG + "map", _TAG + "seq"))
# No number in card data needs more characters; longer ones are refused before conversion
# (Python refuses ints over 4,300 digits, and converting them costs quadratic time).
MAX_NUMBER_CHARS = 100


@dataclass(frozen=True)
class Problem:
    """A value the loader could not convert: where, the code, the message and a hint."""

    path: tuple
    line: int
    col: int
    code: str
    message: str
    hint: str
    length: int = 1


@dataclass
class PositionIndex:
    """The (line, column) of every value and of every mapping key of a file's data, by key path."""

    values: dict[tuple, Pos] = field(default_factory=dict)
    keys: dict[tuple, Pos] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def find(self, path: tuple, key: bool = False) -> Pos:
        """Position of ``path``; falls back to the nearest enclosing value that is known."""
        table = self.keys if key else self.values
        if path in table:
            return table[path]
        path = tuple(path)
        while path:
            path = path[:-1]
            if path in self.values:
                return self.values[path]
        return self.values.get((), (1, 1))


def _scalar(value):
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):  # ScalarInt, ScalarBoolean (an int subclass in ruamel)
        if type(value).__name__ == "ScalarBoolean":
            return bool(value)
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    inner = getattr(value, "value", None)  # TaggedScalar
    return str(inner if inner is not None else value)


_CONSTRUCTOR = None
_BOOLS = {"yes": True, "no": False, "y": True, "n": False, "true": True, "false": False,
          "on": True, "off": False}  # ruamel's table for an explicit !!bool


def _int(text: str) -> int:
    """ruamel's YAML 1.2 construction of an int (its construct_yaml_int, version 1.2)."""
    value = text.replace("_", "")
    sign = -1 if value[0] == "-" else 1
    if value[0] in "+-":
        value = value[1:]
    if value == "0":
        return 0
    for prefix, base in (("0b", 2), ("0x", 16), ("0o", 8)):
        if value.startswith(prefix):
            return sign * int(value[2:], base)
    return sign * int(value)


def _ruamel_scalar(node):
    """A scalar's value, typed exactly as ruamel's safe (YAML 1.2) loader types it (a node
    of the libyaml front end is copied into a ruamel node first)."""
    global _CONSTRUCTOR
    from ruamel.yaml import YAML
    from ruamel.yaml.nodes import ScalarNode

    if _CONSTRUCTOR is None:
        _CONSTRUCTOR = YAML(typ="safe", pure=True).constructor
    if not isinstance(node, ScalarNode):
        node = ScalarNode(node.tag, node.value, node.start_mark, node.end_mark,
                          style=node.style)
    # the scalar constructor itself: construct_object would remember every node it sees
    return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, node)


def _construct_scalar(node):
    """A scalar's value, typed as ruamel's safe (YAML 1.2) loader types it: text, null,
    whole numbers and true/false here (what card data holds), any other tag by ruamel."""
    if hasattr(node, "ctag"):  # a node of the ruamel front end: its own constructor
        return _ruamel_scalar(node)
    tag = node.tag
    if tag == _STR:
        return node.value
    if tag == _NULL:
        return None
    if tag == _INT:
        return _int(node.value)
    if tag == _BOOL:
        return _BOOLS[node.value.lower()]
    return _ruamel_scalar(node)


def _problem(index: PositionIndex, node, path: tuple, code: str, message: str,
             hint: str) -> None:
    mark = node.start_mark
    text = node.value if isinstance(node.value, str) else ""
    length = max(1, min(len(text), 60)) if "\n" not in text else 1
    index.problems.append(Problem(path, mark.line + 1, mark.column + 1, code, message, hint,
                                  length))


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


_STR, _NULL, _INT, _BOOL = (_TAG + t for t in ("str", "null", "int", "bool"))
_KINDS = {"int": "a whole number", "float": "a number", "bool": "true or false",
          "timestamp": "a date", "null": "null"}


def _checked_scalar(node, path: tuple, index: PositionIndex):
    """The value of a scalar node, or its source text with a problem recorded."""
    tag = node.tag or ""
    if tag == _STR and type(node.value) is str:  # most of card data: the text as it is
        return node.value
    text = node.value if isinstance(node.value, str) else str(node.value)
    if tag not in SCALAR_TAGS:
        shown = tag.replace(_TAG, "!!")
        _problem(index, node, path, "RF110", f"YAML tag '{_short(shown)}' is not allowed in "
                 "card data", "remove the tag; card data uses plain text, numbers, true/false "
                 "and lists or mappings of them")
        return text
    short = tag[len(_TAG):]
    if short in ("int", "float") and len(text) > MAX_NUMBER_CHARS:
        _problem(index, node, path, "RF108", f"number has {len(text)} characters; the limit "
                 f"is {MAX_NUMBER_CHARS}", "no value in card data needs a number this long")
        return text
    try:
        return _scalar(_construct_scalar(node))
    except Exception:  # noqa: BLE001 - ruamel raises ValueError, KeyError, ConstructorError
        kind = _KINDS.get(short, short)
        _problem(index, node, path, "RF110", f"'{_short(text)}' cannot be read as {kind}",
                 "write a valid value, or quote it (without a tag) to make it text")
        return text


def _convert_node(node, path: tuple, index: PositionIndex):
    kind = node.id  # "scalar", "sequence" or "mapping", in ruamel's nodes as in PyYAML's
    if kind != "scalar" and node.tag not in COLLECTION_TAGS:
        shown = (node.tag or "").replace(_TAG, "!!")
        _problem(index, node, path, "RF110", f"YAML tag '{_short(shown)}' is not allowed in "
                 "card data", "remove the tag; a plain mapping or list needs none")
    # a plain text scalar (tag str, a str value: most of card data) is taken as it is here,
    # as _checked_scalar would return it, without the two calls per key and value (issue 38)
    if kind == "mapping":
        out = {}
        keys, values = index.keys, index.values
        for key_node, value_node in node.value:
            if key_node.tag == _STR and type(key_node.value) is str:
                key = key_node.value
            else:
                key = _checked_scalar(key_node, path, index) if key_node.id == "scalar" \
                    else str(key_node.value)
                key = key if isinstance(key, str) else str(key)
            sub = path + (key,)
            mark = key_node.start_mark
            keys[sub] = (mark.line + 1, mark.column + 1)
            mark = value_node.start_mark
            values[sub] = (mark.line + 1, mark.column + 1)
            if value_node.tag == _STR and type(value_node.value) is str \
                    and value_node.id == "scalar":
                out[key] = value_node.value
            else:
                out[key] = _convert_node(value_node, sub, index)
        return out
    if kind == "sequence":
        out = []
        values = index.values
        for i, item in enumerate(node.value):
            sub = path + (i,)
            mark = item.start_mark
            values[sub] = (mark.line + 1, mark.column + 1)
            if item.tag == _STR and type(item.value) is str and item.id == "scalar":
                out.append(item.value)
            else:
                out.append(_convert_node(item, sub, index))
        return out
    return _checked_scalar(node, path, index)


def convert(tree) -> tuple[object, PositionIndex]:
    """Plain data and positions from a YAML node tree (yamlsafe.parse) or, for callers that
    still hold one, a ruamel round-trip tree."""
    index = PositionIndex()
    if getattr(tree, "id", None) in ("scalar", "sequence", "mapping"):  # a node of either kind
        index.values[()] = (tree.start_mark.line + 1, tree.start_mark.column + 1)
        return _convert_node(tree, (), index), index
    lc = getattr(tree, "lc", None)
    index.values[()] = (lc.line + 1, lc.col + 1) if lc is not None and lc.line is not None \
        else (1, 1)
    return _convert(tree, (), index), index


def _convert(node, path: tuple, index: PositionIndex):
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedMap):
        out = {}
        for k, v in node.items():
            key = _scalar(k)
            key = key if isinstance(key, str) else str(key)
            sub = path + (key,)
            kl, kc = node.lc.key(k)
            index.keys[sub] = (kl + 1, kc + 1)
            if isinstance(v, (CommentedMap, CommentedSeq)) and v.lc.line is not None:
                index.values[sub] = (v.lc.line + 1, v.lc.col + 1)
            else:
                vl, vc = node.lc.value(k)
                index.values[sub] = (vl + 1, vc + 1)
            out[key] = _convert(v, sub, index)
        return out
    if isinstance(node, CommentedSeq):
        out = []
        for i, v in enumerate(node):
            sub = path + (i,)
            il, ic = node.lc.item(i)
            index.values[sub] = (il + 1, ic + 1)
            out.append(_convert(v, sub, index))
        return out
    if isinstance(node, dict):
        return {str(k): _convert(v, path + (str(k),), index) for k, v in node.items()}
    if isinstance(node, list):
        return [_convert(v, path + (i,), index) for i, v in enumerate(node)]
    return _scalar(node)


_SIMPLE_ESCAPES = {"x": 4, "u": 6, "U": 10}


def text_pos(lines: list[str], start: Pos, value: str, offset: int) -> Pos:
    """File position of character ``offset`` (0-based) of the string ``value`` at ``start``.

    Exact for single-line plain, single- and double-quoted scalars and for literal (``|``)
    blocks; the start of the value otherwise.
    """
    line, col = start
    if not 1 <= line <= len(lines):
        return start
    text = lines[line - 1]
    head = text[col - 1: col] if col >= 1 else ""
    offset = max(0, min(offset, len(value)))
    if head == '"':
        return _walk(text, line, col, offset, double=True) or start
    if head == "'":
        return _walk(text, line, col, offset, double=False) or start
    if head in ("|", ">"):
        return _block(lines, line, value, offset, literal=head == "|") or start
    if text[col - 1: col - 1 + len(value)] == value:
        return (line, col + offset)
    return start


def _walk(text: str, line: int, col: int, offset: int, double: bool) -> Pos | None:
    i = col  # index in ``text`` of the first character after the opening quote
    quote = '"' if double else "'"
    produced = 0
    while produced < offset:
        if i >= len(text):
            return None  # the scalar goes on over a line break: folded, best effort
        c = text[i]
        if double and c == "\\":
            i += _SIMPLE_ESCAPES.get(text[i + 1: i + 2], 2)
        elif c == quote:
            if not double and text[i + 1: i + 2] == "'":
                i += 2
            else:
                return None
        else:
            i += 1
        produced += 1
    return (line, i + 1)


def _block(lines: list[str], line: int, value: str, offset: int, literal: bool) -> Pos | None:
    # content starts on the next non-empty line; its indentation is the block's indentation
    first = line + 1
    while first <= len(lines) and not lines[first - 1].strip():
        first += 1
    if first > len(lines):
        return None
    content = lines[first - 1]
    indent = len(content) - len(content.lstrip(" "))
    if not literal:
        before_break = value.split("\n")[0]
        if offset <= len(content) - indent and content[indent:].startswith(before_break[:offset]):
            return (first, indent + 1 + offset)
        return (first, indent + 1)
    consumed = 0
    for n, part in enumerate(value.split("\n")):
        if offset <= consumed + len(part):
            return (first + n, indent + 1 + offset - consumed)
        consumed += len(part) + 1
    return (first, indent + 1)


def token_length(lines: list[str], start: Pos) -> int:
    """Length of the scalar token at ``start`` on its line (for the caret span)."""
    line, col = start
    if not 1 <= line <= len(lines):
        return 1
    rest = lines[line - 1][col - 1:]
    if not rest:
        return 1
    if rest[0] in "\"'":
        i = 1
        while i < len(rest):
            if rest[0] == '"' and rest[i] == "\\":
                i += 2
                continue
            if rest[i] == rest[0]:
                if rest[0] == "'" and rest[i + 1: i + 2] == "'":
                    i += 2
                    continue
                return i + 1
            i += 1
        return len(rest)
    if rest[0] in "[{|>-":
        return 1
    cut = len(rest)
    for stop in (" #", ", ", "]", "}"):
        j = rest.find(stop)
        if j > 0:
            cut = min(cut, j)
    return max(1, len(rest[:cut].rstrip()))
