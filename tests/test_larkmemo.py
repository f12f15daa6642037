"""The compact rules of the shipped LALR tables (dsl/larkmemo.py, issue 38): the file stores
them compact, they read back to Lark's form exactly, and a malformed entry makes load() build
the parser from the grammar instead."""

import copy
import json

import pytest

from runeforge.dsl import larkmemo, larktables
from runeforge.dsl.runebound import parser as runebound

GRAMMARS = {g[1]: g for g in larktables.grammars()}


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
