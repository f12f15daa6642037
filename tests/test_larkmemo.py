"""The compact rules of the shipped LALR tables (dsl/larkmemo.py, issue 38): the file stores
them compact, they read back to Lark's form exactly, and a malformed entry makes load() build
the parser from the grammar instead."""

import copy
import json

import pytest

from runeforge.dsl import larkmemo, larktables
from runeforge.dsl.runebound import parser as runebound
from tests.lark_built import grammars

GRAMMARS = grammars()  # each fresh build made once per process


def _packed(name):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    return larktables.read_tables(package, name, key_fn(), True)


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_rules_are_stored_compact_and_read_back_as_lark_writes_them(name):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    memo = _packed(name)["memo"]
    assert larkmemo.is_packed(memo)
    rows = memo[larkmemo.TAG]["rules"]
    assert len(rows) > 100 and all(type(x) in (int, str) or x is None for r in rows for x in r)
    # Lark's own serialized memo of a freshly built parser, read as the tagged form reads
    data, lark_memo = build().memo_serialize([larktables.TerminalDef, larktables.Rule])
    tagged = larktables.parse_document(json.dumps(larktables._encode(lark_memo)))
    assert larkmemo.unpack(memo) == tagged


def test_a_memo_with_an_object_the_form_does_not_know_is_kept_as_lark_wrote_it():
    memo = larktables._encode({0: {"__type__": "TerminalDef", "name": "X", "pattern": {}}})
    assert larkmemo.pack(memo) is memo
    rule = {"__type__": "Rule", "alias": None, "order": 0, "expansion": [],
            "origin": {"__type__": "NonTerminal", "name": "a"},
            "options": {"__type__": "RuleOptions", "empty_indices": {"#tuple": []},
                        "expand1": False, "keep_all_tokens": False, "priority": None,
                        "template_source": None}}
    assert larkmemo.is_packed(larkmemo.pack({"#int": [[0, rule]]}))
    odd = copy.deepcopy(rule)
    odd["extra"] = 1
    assert not larkmemo.is_packed(larkmemo.pack({"#int": [[0, odd]]}))
    odd = copy.deepcopy(rule)
    odd["origin"]["__type__"] = "Terminal"  # a rule's origin is a nonterminal
    odd["origin"]["filter_out"] = False
    assert not larkmemo.is_packed(larkmemo.pack({"#int": [[0, odd]]}))


@pytest.mark.parametrize("change", ["symbol kind", "symbol number", "options number",
                                    "alias type", "bool as number", "terminal origin",
                                    "options field"])
def test_a_malformed_compact_rule_falls_back_to_building(monkeypatch, change):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = _packed(name)
    body = doc["memo"][larkmemo.TAG]
    row = body["rules"][0]
    if change == "symbol kind":
        body["symbols"][0][1] = 3
    elif change == "symbol number":
        row.append(len(body["symbols"]))
    elif change == "options number":
        row[4] = len(body["options"])
    elif change == "alias type":
        row[2] = 7
    elif change == "bool as number":
        row[3] = True
    elif change == "terminal origin":
        row[1] = next(i for i, (_, kind) in enumerate(body["symbols"]) if kind)
    else:
        body["options"][0][0] = 0
    with pytest.raises(ValueError):
        larkmemo.build(doc["memo"])
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None


# --- the states' rows in binary (dsl/larkrows.py) -------------------------------------------

from runeforge.dsl import larkrows  # noqa: E402


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_rows_are_stored_in_binary_and_read_back_as_lists(name):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    from importlib import resources

    stored = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    block = stored["data"]["parser"]["parser"]["states"]["#states"]
    assert set(block) == {larkrows.TAG} and block[larkrows.TAG][0] == "h"
    fresh = larktables.serialize(build(), lexer)["data"]["parser"]["parser"]["states"]
    assert larkrows.unpack(block[larkrows.TAG]) == fresh["#states"]
    assert _packed(name)["data"]["parser"]["parser"]["states"]["#states"] == fresh["#states"]


@pytest.mark.parametrize("rows,typecode", [([[0, 1, 0, 2], [7]], "h"),
                                           ([[0, 70000, 1, 2], [-5]], "i")])
def test_rows_round_trip_in_the_narrowest_type(rows, typecode):
    block = larkrows.pack(rows)
    assert block[larkrows.TAG][0] == typecode
    assert larkrows.unpack(json.loads(json.dumps(block))[larkrows.TAG]) == rows


@pytest.mark.parametrize("rows", [[[0, "x"]], [[0, 1 << 40]], [[0, True]], [(0, 1)]])
def test_rows_that_are_not_small_ints_stay_lists(rows):
    assert larkrows.pack(rows) is rows


@pytest.mark.parametrize("block", [["q", "", ""], ["h", "AQA=", ""], ["h", "AQA=", "@@@"],
                                   ["h", "AQA=", "AQ=="], ["h", "/////w==", "AQA="], "AQA="])
def test_a_malformed_block_is_a_value_error(block):
    with pytest.raises(ValueError):
        larkrows.unpack(block)


def test_a_malformed_block_in_a_file_falls_back_to_building(monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    from importlib import resources

    doc = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    doc["data"]["parser"]["parser"]["states"]["#states"][larkrows.TAG][1] = "AQA="
    text = json.dumps(doc)
    with pytest.raises(ValueError):  # the reader refuses it as it reads
        larktables.parse_document(text, True)
    real = larktables.package_files

    class Stored:  # the tables file of the package reads as ``text``, any other file as is
        def __init__(self, package):
            self.files = real(package)

        def joinpath(self, file_name):
            return self if file_name == name else self.files.joinpath(file_name)

        def read_text(self, encoding):
            return text

    monkeypatch.setattr(larktables, "package_files", Stored)
    assert larktables.read_tables(package, name, key_fn(), True) is None
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None


# --- the rows left in their block as load() reads them (branch speedcold) --------------------

@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_a_block_holds_the_rows_and_their_columns(name):
    """load() reads the states from the block (issue 38): its rows are the lists the packed
    form gives, and its columns are each row's state, terminals, actions and arguments."""
    package, name, key_fn, lexer, build = GRAMMARS[name]
    block = larktables.read_tables(package, name, key_fn(), larktables.BLOCKS)[
        "data"]["parser"]["parser"]["states"]["#states"]
    assert isinstance(block, larkrows.Block)
    rows = _packed(name)["data"]["parser"]["parser"]["states"]["#states"]
    assert block.rows() == rows and len(block) == len(rows)
    heads, terminals, actions, args = block.columns()
    assert heads == [r[0] for r in rows]
    assert list(terminals) == [x for r in rows for x in r[1::3]]
    assert list(actions) == [x for r in rows for x in r[2::3]]
    assert list(args) == [x for r in rows for x in r[3::3]]
    assert all(list(block.row(i)) == r for i, r in enumerate(rows))


def test_a_block_row_of_a_wrong_length_falls_back_to_building(monkeypatch):
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = larktables.read_tables(package, name, key_fn(), larktables.BLOCKS)
    block = doc["data"]["parser"]["parser"]["states"]["#states"]
    block.lengths[0] += 1  # the numbers still add up, two rows are no state + triples
    block.lengths[1] -= 1
    with pytest.raises(ValueError):
        block.columns()
    monkeypatch.setattr(larktables, "read_tables", lambda *a: doc)
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build)
    assert not from_file
    assert parser.parse("Gain 1 gold.") is not None
