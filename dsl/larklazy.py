"""A Lark LALR parser loaded from stored tables whose parse-tree callbacks (one per grammar
rule: the transformer's method or a tree node, wrapped in Lark's child filters) are made
when a parse first reduces by the rule (issue 38).

Lark makes all of them when it loads a parser: 2,259 for the two shipped grammars, a sixth of
loading the tables, while a check of the bundled content reduces by a few hundred. Each
callback here is the one Lark's own :class:`~lark.parse_tree_builder.ParseTreeBuilder` makes
for that rule (the builder is run over that rule alone), so a parse builds the same tree or
calls the same transformer methods as with Lark's eager callbacks (tests/test_larktables.py
compares every bundled ability's parse against a parser built from the grammar)."""

from __future__ import annotations

from lark import Lark, Tree
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parser_frontends import _get_lexer_callbacks


class WholeOnDemand(dict):
    """A dict whose entries are made when first looked up (``__missing__``); whatever sees the
    whole (iteration, len, items, equality, a copy, pickling) makes the rest first through
    ``_whole()``, so it is the plain dict that would have been made at once. Shared by the
    lazy parse-tree callbacks here and the lazy LALR states of :mod:`.larktables`."""

    def _whole(self):  # pragma: no cover - each subclass says how it makes the rest
        raise NotImplementedError

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __iter__(self):
        return dict.__iter__(self._whole())

    def __len__(self) -> int:
        return dict.__len__(self._whole())

    def keys(self):
        return dict.keys(self._whole())

    def values(self):
        return dict.values(self._whole())

    def items(self):
        return dict.items(self._whole())

    def __eq__(self, other) -> bool:
        return dict.__eq__(self._whole(), other)

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = None

    def copy(self) -> dict:
        return dict(self.items())

    def __reduce__(self):
        return dict, (dict(self.items()),)


class LazyCallbacks(WholeOnDemand):
    """Lark's callbacks ({rule: callback}, and the lexer's {terminal name: callback}), each
    rule's made when it is first looked up. Whatever sees the whole (iteration, len, items,
    equality, a copy) makes the rest first, so it is the dict Lark would have made."""

    def __init__(self, rules, make) -> None:
        super().__init__()
        self._pending = dict.fromkeys(rules)
        self._make = make

    def __missing__(self, rule):
        if rule not in self._pending:
            raise KeyError(rule)
        del self._pending[rule]
        made = self._make(rule)
        dict.__setitem__(self, rule, made)
        return made

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or key in self._pending

    def __bool__(self) -> bool:
        return bool(self._pending) or dict.__len__(self) > 0

    def _whole(self) -> "LazyCallbacks":
        for rule in list(self._pending):
            self[rule]
        return self


class LazyLark(Lark):
    """:class:`~lark.Lark` whose ``_prepare_callbacks`` (called as Lark loads a parser)
    defers each rule's callback to :class:`LazyCallbacks`; what it does not cover (a tree of
    every derivation, a grammar with a rule twice) is left to Lark."""

    def _prepare_callbacks(self) -> None:
        opts = self.options
        if opts.ambiguity == "forest" or opts.parser != "lalr" \
                or len(set(self.rules)) != len(self.rules):
            return super()._prepare_callbacks()
        tree_class = opts.tree_class or Tree

        def make(rule):
            builder = ParseTreeBuilder([rule], tree_class, opts.propagate_positions, False,
                                       opts.maybe_placeholders)
            return builder.create_callback(opts.transformer)[rule]

        self._parse_tree_builder = None
        self._callbacks = LazyCallbacks(self.rules, make)
        dict.update(self._callbacks, _get_lexer_callbacks(opts.transformer, self.terminals))
