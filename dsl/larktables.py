"""Prebuilt LALR tables for the ability grammars, shipped as JSON package data (issue 38).

Building a Lark LALR parser computes its tables from the grammar every time, which is most of
a cold ``runeforge check`` outside YAML. The tables are generated once (``python -m
runeforge.dsl.larktables``) into ``<grammar>.tables.json`` beside the grammar, through Lark's
own ``memo_serialize`` / ``_load_from_dict`` (the same data Lark's standalone generator uses),
written as JSON, never pickle.

A tables file is used only when its recorded key equals the key of the grammar in hand: the
SHA-256 of the grammar texts (the grammar and every grammar it imports), Lark's version and the
build options. Anything else (a missing, stale, unreadable or malformed file) falls back to
building the tables in memory, so a stale file can cost time but never change a parse. The
file is package data, trusted like the modules beside it: its structure is checked as it is
read, its tables are not re-derived (tests/test_larktables.py proves they equal fresh ones).
"""

from __future__ import annotations

import hashlib
import json

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from . import larkmemo, larkrows
from .larklazy import LazyLark, WholeOnDemand
from .pkgfiles import files as package_files

FORMAT = 1
_LEXER = "<custom lexer>"
# options that name things on this machine or objects given at load time; not stored
_NOT_STORED = ("transformer", "import_paths", "source_path", "lexer", "postlex")


def grammar_key(texts: list[str], options: dict) -> str:
    """The key a tables file must carry to be used for these grammar texts and options."""
    h = hashlib.sha256()
    h.update(f"lark {lark.__version__}\nformat {FORMAT}\n".encode())
    h.update(json.dumps(options, sort_keys=True).encode())
    for text in texts:
        h.update(b"\0" + text.encode("utf-8"))
    return h.hexdigest()


def _encode(value):
    """Lark's serialized form to plain JSON: tuples and int-keyed dicts get a tag."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        if all(isinstance(k, int) and not isinstance(k, bool) for k in value):
            return {"#int": [[k, _encode(v)] for k, v in value.items()]}
        raise TypeError(f"cannot store a dict with keys {sorted(map(repr, value))[:3]}")
    if isinstance(value, tuple):
        return {"#tuple": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in a tables file")


def _hook(obj: dict):
    """json object_hook: undo _encode's tags while the text is read (one pass, in C's loop)."""
    if len(obj) == 1 and "#states" in obj:
        return _unpack_states(obj["#states"])
    if len(obj) == 1 and larkmemo.TAG in obj:
        return larkmemo.unpack(obj)
    return _hook_packed(obj)


def _hook_blocks(obj: dict):
    """:func:`_hook_packed`, the states' rows left in their block (:class:`.larkrows.Block`):
    :func:`load` splits a state's row when the parser enters it."""
    if len(obj) == 1 and larkrows.TAG in obj:
        return larkrows.decode(obj[larkrows.TAG])
    return _hook_packed(obj)


def _hook_packed(obj: dict):
    """:func:`_hook`, leaving the compact states as they are stored ({"#states": rows}):
    :func:`load` builds Lark's states from them in one pass."""
    if len(obj) == 1:
        if "#int" in obj:
            pairs = obj["#int"]
            if not all(isinstance(p, list) and len(p) == 2 and type(p[0]) is int
                       for p in pairs):
                raise ValueError("malformed #int entry")
            return dict(pairs)
        if "#tuple" in obj:
            return tuple(obj["#tuple"])
        if larkrows.TAG in obj:  # the states' rows in binary (the stored {"#states": rows})
            return larkrows.unpack(obj[larkrows.TAG])
    return obj


def _pack_states(states: dict) -> dict:
    """An LALR table's states, as :func:`_encode` gives them ({"#int": [[state, {"#int":
    [[terminal, {"#tuple": [action, arg]}], ...]}], ...]}), in the compact form a tables file
    stores: {"#states": [[state, terminal, action, arg, terminal, action, arg, ...], ...]},
    a reduce's ``arg`` its rule's memo id. Plain lists of ints are what JSON reads at C
    speed; the tagged form cost a third of a cold check's table loading (issue 38)."""
    if set(states) != {"#int"} or not all(set(a) <= {"#int"} for _, a in states["#int"]):
        return states  # an empty table (no "#int" tag): kept in the tagged form
    rows = []
    for state, actions in states["#int"]:
        row = [state]
        for terminal, action in actions.get("#int", ()):  # the end state has no action
            kind, arg = action["#tuple"]
            if kind == 1:
                if not (isinstance(arg, dict) and set(arg) == {"@"}):
                    return states  # not a memo reference: kept in the tagged form
                arg = arg["@"]
            row += (terminal, kind, arg)
        rows.append(row)
    return {"#states": rows}


def _checked_rows(rows) -> list:
    """``rows`` when each is a list of ints, a state then (terminal, action, arg) triples;
    ValueError otherwise. (A float, string, list, dict or None in a row makes its sum no int;
    a ``true`` or ``false`` would read as the int 1 or 0, as it compares and hashes.)"""
    for row in rows:
        if not (type(row) is list and len(row) % 3 == 1 and type(sum(row)) is int):
            raise ValueError("malformed #states row")
    return rows


def _unpack_states(rows) -> dict:
    """:func:`_pack_states` undone: {state: {terminal: (action, arg)}}, a reduce's arg
    ``{"@": memo id}`` as Lark serializes it."""
    if not isinstance(rows, list):
        raise ValueError("malformed #states entry")
    out = {}
    for row in _checked_rows(rows):
        it = iter(row)
        state = next(it)
        out[state] = {t: (1, {"@": a}) if k == 1 else (k, a) for t, k, a in zip(it, it, it, strict=True)}
    return out


BLOCKS = "blocks"


def parse_document(text: str, packed: bool | str = False) -> dict:
    """A tables file's text to its data (tuples and int keys restored). ``packed``: a
    table's states and the memo's rules stay in the compact forms they are stored in
    ({"#states": rows}, {"#rules": ...}: :mod:`.larkmemo`); :data:`BLOCKS`: the states'
    rows too stay as they are stored ({"#states": a :class:`.larkrows.Block`})."""
    hook = _hook_blocks if packed == BLOCKS else _hook_packed if packed else _hook
    return json.loads(text, object_hook=hook)


def serialize(parser: Lark, lexer) -> dict:
    """A built parser's tables as JSON-ready data (without the key)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _NOT_STORED}
    lexer_conf = data["parser"]["lexer_conf"]
    if lexer_conf.get("lexer_type") is not lexer:
        raise TypeError("the parser was not built with the given lexer")
    lexer_conf["lexer_type"] = _LEXER
    data["parser"]["parser"] = _renumbered(data["parser"]["parser"])
    data = _encode(data)
    table = data["parser"]["parser"]
    table["states"] = _pack_states(table["states"])
    return {"data": data, "memo": larkmemo.pack(_encode(memo))}


def _renumbered(table: dict) -> dict:
    """Lark's serialized LALR table with numbers that depend on the grammar only: terminals
    numbered in the order of their names, states in breadth-first order from the start states
    (by name), each state's shifts followed in the order of their terminals' names, every
    row in that order. Lark numbers states as it meets them in sets ordered by object
    identity, so the same grammar gave a different file every run."""
    tokens, states = table["tokens"], table["states"]
    names = sorted(set(tokens.values()))
    if len(names) != len(tokens):
        return table  # two numbers for one terminal: left as Lark made it
    token_no = {name: i for i, name in enumerate(names)}
    order: dict = {}
    queue = [table["start_states"][s] for s in sorted(table["start_states"])]
    while queue:
        state = queue.pop(0)
        if state in order or state not in states:
            continue
        order[state] = len(order)
        for _tok, (action, arg) in sorted(states[state].items(), key=lambda i: tokens[i[0]]):
            if action != 1:  # a shift (0); a reduce (1) names a rule
                queue.append(arg)
    for state in states:  # none is unreached in a Lark table; kept, after, if one were
        order.setdefault(state, len(order))

    def row(state):
        actions = sorted(states[state].items(), key=lambda i: tokens[i[0]])
        return {token_no[tokens[tok]]: (action, order[arg] if action != 1 else arg)
                for tok, (action, arg) in actions}

    return {**table, "tokens": {i: name for i, name in enumerate(names)},
            "states": {order[st]: row(st) for st in sorted(states, key=order.__getitem__)},
            "start_states": {k: order[v] for k, v in table["start_states"].items()},
            "end_states": {k: order[v] for k, v in table["end_states"].items()}}


def document(parser: Lark, lexer, key: str) -> str:
    """The text of a tables file (stable: the same parser gives the same text)."""
    body = serialize(parser, lexer)
    table = body["data"]["parser"]["parser"]
    if isinstance(table["states"], dict) and set(table["states"]) == {"#states"}:
        table["states"] = {"#states": larkrows.pack(table["states"]["#states"])}
    return json.dumps({"format": FORMAT, "lark": lark.__version__, "key": key, **body},
                      sort_keys=True, separators=(",", ":")) + "\n"


def read_tables(package: str, name: str, key: str, packed: bool = False) -> dict | None:
    """The stored tables for ``key`` (as parse_document gives them), or None when the file is missing, stale or malformed."""
    try:
        text = package_files(package).joinpath(name).read_text(encoding="utf-8")
        doc = parse_document(text, packed)
    except (OSError, ValueError):
        return None
    if not (isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("key") == key
            and isinstance(doc.get("data"), dict) and isinstance(doc.get("memo"), dict)):
        return None
    return doc


def load(package: str, name: str, key: str, lexer, build, **load_options) -> tuple[Lark, bool]:
    """(parser, from_file): the parser from the stored tables when they match ``key``,
    otherwise ``build()``. ``load_options`` are Lark's load-time options (transformer,
    propagate_positions)."""
    doc = read_tables(package, name, key, BLOCKS)  # positional: tests stand in for it
    if doc is not None:
        try:
            data, memo = doc["data"], doc["memo"]
            if data["parser"]["lexer_conf"]["lexer_type"] != _LEXER:
                raise ValueError("the tables were not made for a custom lexer")
            data["parser"]["lexer_conf"]["lexer_type"] = lexer
            data["options"]["lexer"] = lexer
            table = data["parser"]["parser"]
            states = table["states"]
            packed = isinstance(states, dict) and set(states) == {"#states"}
            if packed:
                rows = states["#states"]
                if not isinstance(rows, larkrows.Block):
                    rows = _checked_rows(rows)
                rules = _rule_ids(data, {})  # the reduces are checked as they are filled
                if rules is None:  # Lark reads the states itself, from the tagged form
                    table["states"] = states = _unpack_states(_row_lists(rows))
                    packed = False
            else:
                rules = _rule_ids(data, states)
            if rules is not None:
                table["states"] = {}  # filled below, without Lark's per-action lookups
            # Lark's own pass then leaves the objects as they are
            memo = larkmemo.build(memo) if larkmemo.is_packed(memo) else _deserialize_memo(memo)
            parser = LazyLark._load_from_dict(data, memo, **load_options)
            if rules is not None and packed:
                try:
                    _fill_states_packed(parser, rows, table["tokens"], rules)
                except KeyError:  # a reduce by a rule not among the parser's: Lark reads them
                    table["states"] = _unpack_states(_row_lists(rows))
                    parser = LazyLark._load_from_dict(data, memo, **load_options)
            elif rules is not None:
                _fill_states(parser, states, table["tokens"], rules)
            return parser, True
        except Exception:  # noqa: BLE001 - a bad file must only cost the build below
            pass
    return build(), False


def _row_lists(rows) -> list:
    """The rows as lists of ints (a block split, its rows checked as :func:`_checked_rows`
    checks lists)."""
    return _checked_rows(rows.rows()) if isinstance(rows, larkrows.Block) else rows


def _rule_ids(data: dict, states: dict) -> dict | None:
    """{memo id: position in ``data["rules"]``} when every rule a reduce action names is one
    of the parser's rules (as in every file :func:`document` writes), else None: Lark reads
    the states itself."""
    ids = {}
    for i, ref in enumerate(data["rules"]):
        if not (isinstance(ref, dict) and set(ref) == {"@"}):
            return None
        ids[ref["@"]] = i
    for actions in states.values():
        for action, arg in actions.values():
            if action == 1 and not (isinstance(arg, dict) and arg.get("@") in ids):
                return None
    return ids


def _fill_states(parser: Lark, states: dict, tokens: dict, rule_ids: dict) -> None:
    """The LALR states of ``parser`` as Lark's IntParseTable.deserialize makes them ({state:
    {terminal name: (Shift, state) or (Reduce, rule)}}, each rule the parser's own object),
    built in one pass: Lark looks every reduce action's rule up through its generic
    deserializer, half of the load of a tables file (issue 38)."""
    from lark.parsers.lalr_analysis import Reduce, Shift

    by_id = {memo_id: parser.rules[i] for memo_id, i in rule_ids.items()}
    parser.parser.parser._parse_table.states = {
        state: {tokens[token]: (Reduce, by_id[arg["@"]]) if action == 1 else (Shift, arg)
                for token, (action, arg) in actions.items()}
        for state, actions in states.items()}


def _deserialize_memo(memo_json: dict) -> dict:
    """The memo's objects ({id: Rule or TerminalDef}), as Lark's ``SerializeMemoizer
    .deserialize`` makes them, by the same rules (a ``__type__`` from the class's
    ``__serialize_namespace__``, its ``__serialize_fields__`` set, its ``_deserialize`` hook
    called; a class with a ``deserialize`` of its own is left to it) without rebuilding each
    class's namespace for every object: a third of Lark's load (issue 38). Lark's own pass
    over the result then finds objects, not dicts, and keeps them."""
    from lark.utils import Serialize

    generic = Serialize.deserialize.__func__
    classes: dict = {}

    def about(cls):
        got = classes.get(cls)
        if got is None:
            got = classes[cls] = (
                {c.__name__: c for c in getattr(cls, "__serialize_namespace__", [])},
                cls.__serialize_fields__,
                getattr(cls.deserialize, "__func__", None) is generic,
                hasattr(cls, "_deserialize"))
        return got

    memo: dict = {}  # as in Lark: the memo's own objects name no memo entry

    def des(value, namespace):
        if isinstance(value, dict):
            if "__type__" in value:
                cls = namespace[value["__type__"]]
                inner, fields, plain, hook = about(cls)
                if not plain:
                    return cls.deserialize(value, memo)
                if "@" in value:
                    return memo[value["@"]]
                inst = cls.__new__(cls)
                for f in fields:
                    try:
                        setattr(inst, f, des(value[f], inner))
                    except KeyError as e:
                        raise KeyError("Cannot find key for class", cls, e) from None
                if hook:
                    inst._deserialize()
                return inst
            if "@" in value:
                return memo[value["@"]]
            return {k: des(v, namespace) for k, v in value.items()}
        if isinstance(value, list):
            return [des(v, namespace) for v in value]
        return value

    return des(memo_json, {"Rule": Rule, "TerminalDef": TerminalDef})


def _fill_states_packed(parser: Lark, rows, tokens: dict, rule_ids: dict) -> None:
    """:func:`_fill_states` from the compact states, as they are stored (lists of ints, or
    the block they are read from: :class:`.larkrows.Block`): every row checked here
    (KeyError for a terminal or a reduced rule the parser does not have, ValueError for a
    malformed row), each state's actions built when the parser first enters it
    (:class:`_LazyStates`)."""
    from itertools import chain, compress

    from lark.parsers.lalr_analysis import Reduce, Shift

    by_id = {memo_id: (Reduce, parser.rules[i]) for memo_id, i in rule_ids.items()}
    # each row (_checked_rows): a state, then (terminal, action, arg) triples; an action
    # other than 0 (shift) is checked as a reduce (1): stricter than the build, never looser
    if isinstance(rows, larkrows.Block):
        heads, terminals, actions, args = rows.columns()  # in C's loops (issue 38)
        terminals, reduced = set(terminals), set(compress(args, actions))
        index = dict(zip(heads, range(len(heads)), strict=True))
        row_of = rows.row
    else:
        terminals = set(chain.from_iterable(row[1::3] for row in rows))
        reduced = set(chain.from_iterable(compress(row[3::3], row[2::3]) for row in rows))
        index = {row[0]: i for i, row in enumerate(rows)}
        row_of = rows.__getitem__
    if not terminals <= set(tokens):
        raise KeyError("a terminal the parser does not have")
    if not reduced <= set(by_id):
        raise KeyError("a reduce by a rule the parser does not have")
    parser.parser.parser._parse_table.states = _LazyStates(index, row_of, tokens, by_id, Shift)


class _LazyStates(WholeOnDemand):
    """Lark's LALR states ({state: {terminal name: (Shift, state) or (Reduce, rule)}}), each
    state's actions built from its stored row when it is first looked up: a check enters a
    sixth of the states, and building them all was a fifth of loading a tables file
    (issue 38). Whatever sees the whole (iteration, len, items, equality, a copy, pickling)
    builds the rest first, so it is the plain dict :func:`_fill_states` makes. ``index``:
    {state: its row's number}, ``row_of``: that number to the row."""

    def __init__(self, index: dict, row_of, tokens: dict, by_id: dict, shift) -> None:
        super().__init__()
        self._index, self._row_of = index, row_of
        self._tokens, self._by_id, self._shift = tokens, by_id, shift

    def _build(self, state):
        it = iter(self._row_of(self._index[state]))
        next(it)
        tokens, by_id, shift = self._tokens, self._by_id, self._shift
        actions = {tokens[t]: by_id[a] if k == 1 else (shift, a)
                   for t, k, a in zip(it, it, it, strict=True)}
        dict.__setitem__(self, state, actions)
        return actions

    def __missing__(self, state):
        if state not in self._index:
            raise KeyError(state)
        return self._build(state)

    def _whole(self) -> "_LazyStates":
        for state in self._index:
            if not dict.__contains__(self, state):
                self._build(state)
        return self

    def __contains__(self, state) -> bool:
        return dict.__contains__(self, state) or state in self._index


def canonical(doc: dict):
    """A tables document in a form that does not depend on the numbering Lark chose (state
    numbers and memo ids vary from run to run): memo references resolved, states renumbered
    in breadth-first order from the start states, terminals by name. Two documents have the
    same canonical form exactly when they parse alike."""
    doc = parse_document(json.dumps(_encode(doc)))  # a copy: the table is taken apart
    memo = doc["memo"]

    def resolve(v):
        if isinstance(v, dict):
            if set(v) == {"@"}:
                return resolve(memo[v["@"]])
            return {k: resolve(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [resolve(x) for x in v]
        return v

    data = doc["data"]
    table = data["parser"].pop("parser")
    tokens, states = table["tokens"], table["states"]
    order, queue = {}, [table["start_states"][s] for s in sorted(table["start_states"])]
    out = []
    while queue:
        state = queue.pop(0)
        if state in order:
            continue
        order[state] = len(order)
        row = []
        for tok, (action, arg) in sorted(states[state].items(), key=lambda i: tokens[i[0]]):
            if action == 0:
                queue.append(arg)
            row.append((tokens[tok], action, arg))
        out.append(row)
    rows = [[(name, action, order[arg] if action == 0 else json.dumps(resolve(arg),
                                                                       sort_keys=True))
             for name, action, arg in row] for row in out]
    rest = resolve(data)
    rest["parser"]["parser_conf"]["rules"] = sorted(
        json.dumps(r, sort_keys=True) for r in rest["parser"]["parser_conf"]["rules"])
    rest["rules"] = sorted(json.dumps(r, sort_keys=True) for r in rest["rules"])
    return {"rest": rest, "states": rows, "unreached": len(states) - len(order),
            "start": {s: order[n] for s, n in table["start_states"].items()},
            "end": {s: order.get(n) for s, n in table["end_states"].items()}}


# The dialects that ship tables, named as the games' registry names its entries (a module and
# its lexer class), so this shared module imports no dialect: each dialect's parser imports it.
SHIPPED = ("runeforge.dsl.runebound.parser:AbilityLexer", "runeforge.dsl.delve.parser:DelveLexer")


def grammars():
    """(package, tables file name, key function, lexer, fresh build) of each shipped grammar."""
    import importlib

    out = []
    for entry in SHIPPED:
        module, lexer = entry.split(":")
        mod = importlib.import_module(module)
        out.append((mod.__package__, mod.TABLES, mod.tables_key, getattr(mod, lexer),
                    lambda mod=mod: mod.build_parser(False)))
    return out


def fresh_document(key_fn, lexer, build) -> str:
    """The tables file freshly generated from the grammar as it is now."""
    return document(build(), lexer, key_fn())


def main() -> None:
    """Regenerate the shipped tables files (run after editing a grammar)."""
    for package, name, key_fn, lexer, build in grammars():
        path = package_files(package).joinpath(name)
        text = fresh_document(key_fn, lexer, build)
        with open(str(path), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path} ({len(text):,} bytes)")


if __name__ == "__main__":
    main()
