"""The rules of a shipped LALR tables file (:mod:`.larktables`) in a compact form (issue 38).

Lark serializes each rule as a tree of tagged objects: the rule, its origin, every symbol of
its expansion and its options, each ``{"__type__": ..., ...}``. Reading that back (JSON's
object hook on every object, then the objects built one field at a time) was half of loading
a tables file, and loading the two shipped grammars' tables was a tenth of a cold
``runeforge check``. A tables file stores the rules instead as::

    {"#rules": {"symbols": [[name, kind], ...],        # kind 0: NonTerminal,
                                                         # 1: Terminal, 2: filtered Terminal
                "options": [[keep_all_tokens, expand1, priority, template_source,
                             [empty index, ...]], ...],
                "rules": [[memo id, origin, alias, order, options, symbol, ...], ...]}}

(``origin``, ``options`` and each expansion ``symbol`` numbers into the lists above): plain
lists of ints and strings, which JSON reads at C speed. :func:`pack` makes it from Lark's
serialized memo and leaves anything else (another object type, a field it does not know) in
Lark's form; :func:`unpack` gives Lark's form back; :func:`build` makes Lark's objects from
it directly, checking every field's type and every number's range (ValueError otherwise:
the caller then builds the parser from the grammar).
"""

from __future__ import annotations

from lark.grammar import NonTerminal, Rule, RuleOptions, Terminal

TAG = "#rules"
_OPTION_FIELDS = ("keep_all_tokens", "expand1", "priority", "template_source",
                  "empty_indices")
_RULE_FIELDS = {"__type__", "origin", "expansion", "order", "alias", "options"}


def _symbol(sym) -> tuple | None:
    """(name, kind) of a serialized symbol, None when it is not one this form keeps."""
    if not isinstance(sym, dict) or not isinstance(sym.get("name"), str):
        return None
    if sym.get("__type__") == "NonTerminal" and set(sym) == {"__type__", "name"}:
        return sym["name"], 0
    if sym.get("__type__") == "Terminal" and set(sym) == {"__type__", "name", "filter_out"} \
            and type(sym["filter_out"]) is bool:
        return sym["name"], 2 if sym["filter_out"] else 1
    return None


def _options(opts) -> tuple | None:
    """The serialized RuleOptions (``empty_indices`` as :func:`larktables._encode` tags a
    tuple) as a list of its fields, None when it is not one this form keeps."""
    if not (isinstance(opts, dict) and opts.get("__type__") == "RuleOptions"
            and set(opts) == {"__type__", *_OPTION_FIELDS}):
        return None
    empty = opts["empty_indices"]
    if not (isinstance(empty, dict) and set(empty) == {"#tuple"}
            and all(type(x) is bool for x in empty["#tuple"])):
        return None
    keep, expand1, priority, source = (opts[f] for f in _OPTION_FIELDS[:4])
    if not (type(keep) is bool and type(expand1) is bool
            and (priority is None or type(priority) is int)
            and (source is None or isinstance(source, str))):
        return None
    return keep, expand1, priority, source, tuple(empty["#tuple"])


def pack(memo):
    """Lark's memo as :func:`larktables._encode` gives it ({"#int": [[id, rule], ...]}) in
    the compact form, or ``memo`` itself when it holds anything else."""
    if not (isinstance(memo, dict) and set(memo) == {"#int"}):
        return memo
    symbols: dict = {}
    options: dict = {}
    rows = []
    for memo_id, rule in memo["#int"]:
        if not (isinstance(rule, dict) and rule.get("__type__") == "Rule"
                and set(rule) == _RULE_FIELDS and type(rule["order"]) is int
                and (rule["alias"] is None or isinstance(rule["alias"], str))
                and isinstance(rule["expansion"], list)):
            return memo
        syms = [_symbol(s) for s in [rule["origin"], *rule["expansion"]]]
        opts = _options(rule["options"])
        if None in syms or opts is None or syms[0][1] != 0:
            return memo
        numbers = [symbols.setdefault(s, len(symbols)) for s in syms]
        rows.append([memo_id, numbers[0], rule["alias"], rule["order"],
                     options.setdefault(opts, len(options)), *numbers[1:]])
    return {TAG: {"symbols": [list(s) for s in symbols],
                  "options": [[*o[:4], list(o[4])] for o in options],
                  "rules": rows}}


def is_packed(memo) -> bool:
    return isinstance(memo, dict) and set(memo) == {TAG}


def _parts(memo) -> tuple[list, list, list]:
    """(symbols, options, rows) of a compact memo, their types checked; ValueError else."""
    body = memo[TAG]
    if not (isinstance(body, dict) and set(body) == {"symbols", "options", "rules"}):
        raise ValueError("malformed #rules entry")
    symbols, options, rows = body["symbols"], body["options"], body["rules"]
    if not (type(symbols) is list and type(options) is list and type(rows) is list):
        raise ValueError("malformed #rules entry")
    for sym in symbols:
        if not (type(sym) is list and len(sym) == 2 and type(sym[0]) is str
                and sym[1] in (0, 1, 2) and type(sym[1]) is int):
            raise ValueError("malformed #rules symbol")
    for opt in options:
        if not (type(opt) is list and len(opt) == 5 and type(opt[0]) is bool
                and type(opt[1]) is bool and (opt[2] is None or type(opt[2]) is int)
                and (opt[3] is None or type(opt[3]) is str) and type(opt[4]) is list
                and all(type(x) is bool for x in opt[4])):
            raise ValueError("malformed #rules options")
    n_sym, n_opt = len(symbols), len(options)
    for row in rows:
        # [id, origin, alias, order, options, symbol...]: every number an int in range (a
        # bool is an int to JSON's reader only when written so: refused by type())
        if not (type(row) is list and len(row) >= 5 and (row[2] is None or type(row[2]) is str)
                and type(row[0]) is int and type(row[3]) is int
                and type(row[4]) is int and 0 <= row[4] < n_opt
                and all(type(s) is int and 0 <= s < n_sym for s in row[5:])
                and type(row[1]) is int and 0 <= row[1] < n_sym
                and symbols[row[1]][1] == 0):
            raise ValueError("malformed #rules row")
    return symbols, options, rows


def unpack(memo) -> dict:
    """A compact memo in Lark's serialized form, as :func:`larktables.parse_document` reads
    the tagged form ({id: {"__type__": "Rule", ...}}, ``empty_indices`` a tuple)."""
    symbols, options, rows = _parts(memo)

    def sym(i):
        name, kind = symbols[i]
        if kind == 0:
            return {"__type__": "NonTerminal", "name": name}
        return {"__type__": "Terminal", "filter_out": kind == 2, "name": name}

    def opts(i):
        keep, expand1, priority, source, empty = options[i]
        return {"__type__": "RuleOptions", "empty_indices": tuple(empty), "expand1": expand1,
                "keep_all_tokens": keep, "priority": priority, "template_source": source}

    return {row[0]: {"__type__": "Rule", "alias": row[2], "expansion": [sym(s) for s in row[5:]],
                     "options": opts(row[4]), "order": row[3], "origin": sym(row[1])}
            for row in rows}


def build(memo) -> dict:
    """{memo id: Rule} from a compact memo: the objects Lark's deserializer makes from the
    same rules (equal, with equal hashes, reprs, aliases, orders and options), one symbol
    object per name and kind shared by the rules that use it."""
    symbols, options, rows = _parts(memo)
    syms = [NonTerminal(name) if kind == 0 else Terminal(name, kind == 2)
            for name, kind in symbols]
    out = {}
    for row in rows:
        keep, expand1, priority, source, empty = options[row[4]]
        out[row[0]] = Rule(syms[row[1]], [syms[s] for s in row[5:]], row[3], row[2],
                           RuleOptions(keep, expand1, priority, source, tuple(empty)))
    return out
