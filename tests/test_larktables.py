"""The shipped LALR tables (issue 38): equal to freshly built ones, ignored when stale, and
parsing exactly as the tables built from the grammar."""

import json
from pathlib import Path

import pytest
import yaml

from runeforge.dsl import larktables
from runeforge.dsl.delve import parser as delve
from runeforge.dsl.runebound import parser as runebound
from tests.lark_built import grammars

CARDS = Path(__file__).resolve().parent.parent / "cards"
GRAMMARS = grammars()  # each fresh build made once per process


def _shipped(name):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    doc = larktables.read_tables(package, name, key_fn())
    assert doc is not None, f"{name} is missing or stale: run python -m runeforge.dsl.larktables"
    return doc


def _copy(doc):
    return larktables.parse_document(json.dumps(larktables._encode(doc)))


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_shipped_tables_equal_fresh_ones(name):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    fresh = larktables.parse_document(larktables.fresh_document(key_fn, lexer, build))
    shipped = _shipped(name)
    assert shipped["key"] == fresh["key"]
    assert larktables.canonical(shipped) == larktables.canonical(fresh)


def test_canonical_form_sees_a_changed_action():
    doc = _shipped(runebound.TABLES)
    changed = _copy(doc)
    states = changed["data"]["parser"]["parser"]["states"]
    row = states[changed["data"]["parser"]["parser"]["start_states"]["ability"]]
    token, (action, arg) = next((t, a) for t, a in row.items() if a[0] == 0)
    row[token] = (0, (arg + 1) % len(states))
    assert larktables.canonical(changed) != larktables.canonical(doc)


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_a_stale_key_is_ignored(name, monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    assert larktables.read_tables(package, name, "0" * 64) is None
    built = []
    _, from_file = larktables.load(package, name, "0" * 64, lexer,
                                   lambda: built.append(1) or build())
    assert (from_file, built) == (False, [1])
    _, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert from_file


def test_a_malformed_file_falls_back_to_building(monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = _copy(_shipped(name))
    del doc["data"]["parser"]["parser"]["tokens"]
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None


def _abilities(node, out):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("ability", "abilities"):
                for text in value if isinstance(value, list) else [value]:
                    if isinstance(text, str):
                        out.append(text)
            else:
                _abilities(value, out)
    elif isinstance(node, list):
        for item in node:
            _abilities(item, out)


def _texts(delve_files: bool):
    out = []
    for path in sorted(CARDS.rglob("*.yaml")):
        if ("delve" in path.parts) == delve_files:
            for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                _abilities(doc, out)
    return out


def _outcome(parser, text):
    try:
        return parser.parse(text)
    except Exception as e:  # noqa: BLE001 - both parsers must fail alike
        # the expected terminals are a set: Lark lists them in no fixed order
        return (type(e).__name__, getattr(e, "line", None), getattr(e, "column", None),
                sorted(getattr(e, "expected", None) or ()), str(getattr(e, "token", "")),
                getattr(e, "state", None) is None)


@pytest.mark.parametrize("module,delve_files", [(runebound, False), (delve, True)])
@pytest.mark.parametrize("with_transformer", [False, True])
def test_stored_tables_parse_as_built_ones(module, delve_files, with_transformer):
    texts = _texts(delve_files)
    assert len(texts) > 20
    get = module._parser if module is runebound else module.parser
    built = GRAMMARS[module.TABLES][4]() if not with_transformer else \
        module.build_parser(True)
    stored = get(with_transformer)
    assert stored.source_path == "<deserialized>"  # the shipped tables are the ones in use
    parsed = 0
    for text in texts:
        if module is delve:
            delve._TEXT.value = text
        outcome = _outcome(stored, text)
        assert outcome == _outcome(built, text), text
        parsed += not isinstance(outcome, tuple)
    assert parsed > 20  # the comparison covers real parses, not only errors


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_states_are_those_lark_reads_from_the_file(name):
    """load() builds the LALR states itself (Lark's own reading looks every reduce action's
    rule up through its generic deserializer, half of the load; issue 38): the same states,
    terminals, shifts and reduces, each rule the loaded parser's own object."""
    from lark import Lark

    package, name, key_fn, lexer, build = GRAMMARS[name]
    ours, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert from_file
    doc = _copy(_shipped(name))
    doc["data"]["parser"]["lexer_conf"]["lexer_type"] = lexer
    doc["data"]["options"]["lexer"] = lexer
    lark_own = Lark._load_from_dict(doc["data"], doc["memo"])

    def states(parser):
        index = {id(rule): i for i, rule in enumerate(parser.rules)}
        return {state: {term: (act.name, index[id(arg)] if act.name == "Reduce" else arg)
                        for term, (act, arg) in row.items()}
                for state, row in parser.parser.parser._parse_table.states.items()}

    mine, theirs = states(ours), states(lark_own)
    assert len(mine) > 100 and sum(len(row) for row in mine.values()) > 5000
    assert mine == theirs
    assert ours.parser.parser.parser.parse_table is ours.parser.parser._parse_table


def test_a_reduce_by_an_unknown_rule_leaves_the_states_to_lark(monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = _copy(_shipped(name))
    states = doc["data"]["parser"]["parser"]["states"]
    row = next(r for r in states.values() if any(a == 1 for a, _ in r.values()))
    token = next(t for t, (a, _) in row.items() if a == 1)
    row[token] = (1, {"@": 10 ** 6})
    assert larktables._rule_ids(doc["data"], states) is None
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    _, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file  # Lark's own reading refuses the unknown memo id: built instead


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_states_are_stored_compact_and_read_back_alike(name):
    """The files keep the states as flat lists of ints (issue 38: read at C speed); the
    compact form reads back to the tagged form's states exactly."""
    package, name, key_fn, lexer, build = GRAMMARS[name]
    packed = larktables.read_tables(package, name, key_fn(), True)
    rows = packed["data"]["parser"]["parser"]["states"]["#states"]
    assert rows and all(type(x) is int for row in rows for x in row)
    fresh = larktables.serialize(build(), lexer)["data"]["parser"]["parser"]["states"]
    assert larktables._unpack_states(fresh["#states"]) == \
        larktables.parse_document(json.dumps(larktables._encode(
            larktables.parse_document(json.dumps(fresh)))))


def test_a_malformed_compact_row_falls_back_to_building(monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = larktables.read_tables(package, name, key_fn(), True)
    doc["data"]["parser"]["parser"]["states"]["#states"][0].append("x")
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_memo_objects_are_those_lark_makes(name):
    """load() deserializes the memo itself (issue 38): the same rules and terminals, from
    the compact form the file stores (larkmemo.build) and from Lark's tagged form
    (_deserialize_memo, for a file that keeps it)."""
    from lark.utils import SerializeMemoizer

    from runeforge.dsl import larkmemo

    package, name, key_fn, lexer, build = GRAMMARS[name]
    doc = larktables.read_tables(package, name, key_fn())  # the memo in Lark's form
    theirs = SerializeMemoizer.deserialize(
        doc["memo"], {"Rule": larktables.Rule, "TerminalDef": larktables.TerminalDef}, {})
    packed = larktables.read_tables(package, name, key_fn(), True)["memo"]
    assert larkmemo.is_packed(packed)
    for ours in (larkmemo.build(packed), larktables._deserialize_memo(doc["memo"])):
        _same_memo_objects(ours, theirs)


def _same_memo_objects(ours, theirs):
    assert ours.keys() == theirs.keys() and len(ours) > 100
    for k, obj in theirs.items():
        assert type(ours[k]) is type(obj) and ours[k] == obj and hash(ours[k]) == hash(obj)
        assert repr(ours[k]) == repr(obj)
        if isinstance(obj, larktables.TerminalDef):
            assert (ours[k].pattern, ours[k].priority) == (obj.pattern, obj.priority)
        else:
            assert (ours[k].alias, ours[k].order, repr(ours[k].options)) == \
                (obj.alias, obj.order, repr(obj.options))


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_regenerating_gives_the_shipped_file_byte_for_byte(name):
    """State and terminal numbers depend on the grammar only (Lark's follow object identity):
    the generator writes the same text every run, so a regenerated file changes only where
    the grammar did."""
    package, name, key_fn, lexer, build = GRAMMARS[name]
    from importlib import resources

    shipped = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    assert larktables.fresh_document(key_fn, lexer, build) == shipped


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_states_are_built_as_the_parser_enters_them(name):
    """load() checks every stored row at once but builds a state's actions when the parser
    first enters it (issue 38); whatever sees the whole table gets every state."""
    package, name, key_fn, lexer, build = GRAMMARS[name]
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert from_file
    states = parser.parser.parser._parse_table.states
    rows = len(larktables.read_tables(package, name, key_fn(), True)
               ["data"]["parser"]["parser"]["states"]["#states"])
    assert dict.__len__(states) == 0
    text = "Gain 1 gold." if name == runebound.TABLES else "Heal 1 wound."
    try:
        parser.parse(text)
    except Exception:  # noqa: BLE001 - a text the grammar refuses still enters states
        pass
    built = dict.__len__(states)
    assert 0 < built < rows
    assert 0 in states and -1 not in states and states.get(-1) is None
    assert len(states) == rows == dict.__len__(states) and len(dict(states)) == rows


@pytest.mark.parametrize("change", ["terminal", "rule"])
def test_a_compact_row_naming_what_the_parser_lacks_falls_back(monkeypatch, change):
    """A stored row with a terminal number or a reduced rule the parser does not have is
    refused when the tables are read (not when the parser first enters the state)."""
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = larktables.read_tables(package, name, key_fn(), True)
    rows = doc["data"]["parser"]["parser"]["states"]["#states"]
    row = next(r for r in rows if 1 in r[2::3])
    i = 1 + 3 * row[2::3].index(1)  # the terminal of the row's first reduce
    if change == "terminal":
        row[i] = 10 ** 6
    else:
        row[i + 2] = 10 ** 6
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None
