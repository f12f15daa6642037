"""The parser's small parts: spans of Lark children, the span-keeping results (words,
sequences, item lists, markers), what counts as a cost, the checks of amounts, and the
helpers that build transformer rules. :mod:`.parser` builds its transformer from them."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n

# "discard an Item" (family 5/6, nodes_decks.FAMILY_COSTS) is a cost too
COST_TYPES = (n.Activate, n.DiscardCard, n.PayGold, n.AllyExhaustion) + n.FAMILY_COSTS + \
    n.CORE_COSTS
# costs that are also effects of their own ("Discard one of your Allies.", issue 32)
# costs that are also effects on their own ("Discard one of your Allies.", "Discard an Item.")
EFFECT_COSTS = n.CORE_COSTS + (n.DiscardItem,)


def _start(x) -> int:
    return x.start_pos if isinstance(x, Token) else x.span[0]


def _end(x) -> int:
    return x.end_pos if isinstance(x, Token) else x.span[1]


def _sp(children) -> tuple[int, int]:
    # _start of the first and _end of the last, inline: every rule of a parse asks (issue 38)
    first, last = children[0], children[-1]
    return (first.start_pos if isinstance(first, Token) else first.span[0],
            last.end_pos if isinstance(last, Token) else last.span[1])


def _values(children):
    return [c for c in children if not isinstance(c, Token)]


def _ints(children, types=("NUMBER",)):
    return [int(c) for c in children if isinstance(c, Token) and c.type in types]


def _one_of(children, what: str, plural: str) -> None:
    """'discard 1 of your Items' is 'one of': more than one is refused where it is said."""
    for c in children:
        if isinstance(c, Token) and c.type == "NUMBER" and int(c) != 1:
            raise AbilitySyntaxError(
                f"one {what} is discarded at a time", c.start_pos, c.end_pos,
                hint=f"write 'discard one of your {plural}', once for each {what}")


class _Seq(tuple):
    """A tuple result that remembers its span."""

    def __new__(cls, items, span):
        self = super().__new__(cls, (str(i) for i in items))
        self.span = span
        return self


class _Items(list):
    """A list of actions that remembers its span."""

    def __init__(self, items, span):
        super().__init__(items)
        self.span = span


class _Marker:
    """Ability-level parts (tag, limit, window) and sentence bodies with costs."""

    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value, span):
        self.kind, self.value, self.span = kind, value, span


def ally_cost(item):
    """An Ally's exhaustion said as an effect ("this Ally takes 1 exhaustion", "place 1
    exhaustion on this Ally") where a cost stands: the cost n.AllyExhaustion; else ``item``."""
    if isinstance(item, n.Suffer) and item.target == "this_ally" \
            and item.token == "exhaustion" and item.amount.kind in ("fixed", "x"):
        return n.AllyExhaustion(item.amount, span=item.span)
    return item


_ALWAYS_COSTS = (n.Activate, n.DiscardCard, n.AllyExhaustion) + n.FAMILY_COSTS + n.CORE_COSTS


def _is_cost(item) -> bool:
    if isinstance(item, _ALWAYS_COSTS):
        return True
    if isinstance(item, n.PayGold):
        return item.amount.kind in ("fixed", "x")
    return (isinstance(item, n.Suffer) and item.target is None
            and item.amount.kind in ("fixed", "x"))


def _check_amounts(nodes: list) -> None:
    """'N or more' belongs to trigger events, and an event counts wounds as N or N or more.
    ``nodes``: every node of one part of the ability (``n.walk``), walked once by the caller."""
    in_events = {id(e.amount) for e in nodes if isinstance(e, n.TakesWounds)}
    for child in nodes:
        if isinstance(child, n.TakesWounds):
            if child.amount.kind not in ("fixed", "at_least"):
                raise AbilitySyntaxError(
                    "a trigger event counts wounds as 'N' or 'N or more'", *child.amount.span,
                    hint="e.g. 'every time your Hero takes 1 or more wounds'")
        elif isinstance(child, n.Amount) and child.kind == "at_least":
            if id(child) not in in_events:
                raise AbilitySyntaxError(
                    "'N or more' is only used in trigger events", *child.span,
                    hint="write a number, 'X', 'N or M', 'up to N' or 'all'")
        if isinstance(child, n.PayGold) and child.amount.kind not in ("fixed", "x"):
            raise AbilitySyntaxError("a gold cost is a number or X", *child.amount.span)


class Word(str):
    """A word-valued result (target, phase, stat ...) that remembers where it was written."""

    span: tuple[int, int]


def _word(value: str, span) -> Word:
    w = Word(value)
    w.span = span
    return w


def _constant(value):
    return lambda self, ch: _word(value, _sp(ch))


def _node(make):
    return lambda self, ch: make(ch, _sp(ch))


def _items(effect):
    if isinstance(effect, n.And):
        return list(effect.items)
    return [effect]


def _only_costs(effect) -> bool:
    return all(_is_cost(i) for i in _items(effect))


def _joined(actions):
    (may, items), span = actions.value, actions.span
    effect = items[0] if len(items) == 1 else n.And(tuple(items), span=items.span)
    return n.MayDo(effect, span=span) if may else effect


# ---- issue 32 (session self): one immunity to several phases (parser_self.py, parser_subjects.py)
class _ImmuneSet(n.And):
    """One immunity (or bonus) to several phases as the parser reads it ("immune to ranged and
    magic attacks", "your attacks get +1"): made one sentence per phase at the top of the
    ability, a plain And below (see :func:`install`). A printed And of immunities ("... and this challenge is immune to ...")
    stays an And, so that parse and print stay inverse."""


def immune_set(nodes, span, parser=None):
    """One immunity per phase of ``nodes``: the node itself, or an :class:`_ImmuneSet` that
    the ``parser`` (the transformer) splits at the ability (a plain And without one)."""
    if len(nodes) == 1:
        return nodes[0]
    if parser is None:
        return n.And(tuple(nodes), span=span)
    parser._immune_set = True  # the ability rule splits or plain-joins it (this parse)
    return _ImmuneSet(tuple(nodes), span=span)


def install_rules(cls, *rule_classes, new: bool = False) -> None:
    """Put the rules of each of ``rule_classes`` (a branch's transformer methods and names) on
    the transformer ``cls``, later ones over earlier ones: how a parser part joins the
    grammar's transformer (each branch's module calls it from its ``install``). ``new``: each
    name must be a rule the transformer does not have yet (a part that adds, never replaces)."""
    for rules in rule_classes:
        for name, value in vars(rules).items():
            if not name.startswith("__"):
                assert not (new and hasattr(cls, name)), f"{name} is already a rule"
                setattr(cls, name, value)
