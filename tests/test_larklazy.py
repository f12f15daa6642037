"""A parser loaded from the shipped tables makes each rule's parse-tree callback when a parse
first reduces by the rule (dsl/larklazy.py, issue 38); whatever sees the whole gets Lark's."""

import pytest
from lark import Lark

from runeforge.dsl import larktables
from runeforge.dsl.larklazy import LazyCallbacks, LazyLark
from runeforge.dsl.runebound import parser as runebound

GRAMMARS = {g[1]: g for g in larktables.grammars()}


def _loaded(name, **options):
    package, name, key_fn, lexer, build = GRAMMARS[name]
    parser, from_file = larktables.load(package, name, key_fn(), lexer, build, **options)
    assert from_file and isinstance(parser, LazyLark)
    return parser


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_callbacks_are_made_as_the_parse_reduces(name):
    parser = _loaded(name)
    callbacks = parser._callbacks
    assert isinstance(callbacks, LazyCallbacks) and dict.__len__(callbacks) == 0
    assert callbacks and parser.rules[0] in callbacks and "NO SUCH TERMINAL" not in callbacks
    text = "Gain 1 gold." if name == runebound.TABLES else "Heal 1 wound."
    try:
        parser.parse(text)
    except Exception:  # noqa: BLE001 - a text the grammar refuses still reduces
        pass
    made = dict.__len__(callbacks)
    assert 0 < made < len(parser.rules) // 4
    assert len(callbacks) == len(parser.rules) == dict.__len__(callbacks)


@pytest.mark.parametrize("with_transformer", [False, True])
def test_the_callbacks_are_those_lark_makes(with_transformer):
    """Each callback is Lark's own for its rule: the same function or tree class, the same
    child filter around it."""
    options = {"transformer": runebound._ToAst()} if with_transformer else {}
    ours = _loaded(runebound.TABLES, **options)
    package, name, key_fn, lexer, build = GRAMMARS[runebound.TABLES]
    doc = larktables.read_tables(package, name, key_fn())
    doc["data"]["parser"]["lexer_conf"]["lexer_type"] = lexer
    doc["data"]["options"]["lexer"] = lexer
    theirs = Lark._load_from_dict(doc["data"], doc["memo"], **options)
    assert not isinstance(theirs._callbacks, LazyCallbacks)

    def shape(parser):
        index = {rule: i for i, rule in enumerate(parser.rules)}
        out = {}
        for rule, f in parser._callbacks.items():
            parts = []
            while f is not None:  # a wrapper chain: ChildFilter(to_include, ..., node_builder)
                parts += [type(f).__name__, getattr(f, "to_include", None),
                          getattr(f, "args", None),  # a partial: the tree node's name
                          getattr(getattr(f, "__func__", None), "__name__", None)]
                f = getattr(f, "node_builder", None)
            out[index[rule]] = tuple(map(str, parts))
        return out

    assert shape(ours) == shape(theirs) and len(shape(ours)) > 1000


def test_a_missing_rule_is_a_key_error():
    callbacks = LazyCallbacks(["a"], lambda rule: rule.upper())
    with pytest.raises(KeyError):
        callbacks["b"]
    assert callbacks.get("b") is None and callbacks.get("a") == "A"
    assert dict(callbacks) == {"a": "A"} and callbacks == {"a": "A"}
    empty = LazyCallbacks([], str)
    assert not empty and len(empty) == 0
