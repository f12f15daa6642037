"""A cost after an opener (issue 32, branch rbcost): "When you buy an Item, activate to gain 2
gold.", "If you have no gold, exhaust this Ally to gain 1 gold.", "At the start of each combat
round, you may pay 1 gold to remove 1 exhaustion."

An opener (a trigger, a condition, an outcome, a duration, a die row) scopes the sentence after
it; costs there ("<costs> to <effect>") are a payment at the moment the opener names: the node
:class:`~.nodes.PayTo` (the Hero may pay when it can; the effect happens only if it pays), the
same node as "pay 1 gold to ..." in the text. Payments of gold, wounds and exhaustion were that
already; this module lets the card's own costs ("Activate", "Discard this card", "exhaust this
Ally") be such a payment too, instead of the syntax error "costs can only start the ability".
Whether the card can pay them (an Item's usage, an Ally's own exhaustion) is checked as the
ability's own costs are (compiler/games/runebound/checks/rbcost.py: RF510-RF512).

A duration is kept, not run: "Until the end of this combat, exhaust this Ally to receive +1
Body." pays once and the bonus lasts, so the payment goes outside the duration
(``During(PayTo(c, e))`` becomes ``PayTo(c, During(e))``, printed "<costs> to <effect> until the
end of this combat."), the same node as the costs said first.

A cost that starts a sentence of its own after the first ("Gain 1 gold. Activate to ...")
stays an error: nothing opens a moment for it.
"""

from __future__ import annotations

import dataclasses

from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _Marker, _sp, _values


def _paid_after_opener(effect):
    """The costed marker of the phrase after an opener, as the payment :class:`n.PayTo`."""
    costs, inner = effect.value
    return n.PayTo(tuple(costs), inner, span=effect.span)


def _swap(during):
    """``During(PayTo(c, e))`` as ``PayTo(c, During(e))``; the spans stay with the words."""
    pay = during.effect
    return n.PayTo(pay.costs, n.During(during.until, pay.effect, span=pay.span),
                   span=during.span)


def _paid_first(node, top: bool):
    """``node`` with each duration over a payment turned into the payment over the duration
    (the same object when nothing changes). Not inside another duration (that one would hold
    the payment again), and at the top of a sentence only when ``top`` allows it (the first
    sentence of an ability without costs: the payment is then the ability's costs)."""
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple):
            new = tuple(_below(node, v) for v in value)
            if any(a is not b for a, b in zip(new, value, strict=True)):
                changes[f.name] = new
        elif dataclasses.is_dataclass(value):
            new = _below(node, value)
            if new is not value:
                changes[f.name] = new
    out = dataclasses.replace(node, **changes) if changes else node
    if top and type(out) is n.During and type(out.effect) is n.PayTo:
        return _swap(out)
    return out


def _below(parent, child):
    return _paid_first(child, type(parent) is not n.During)


def _may_change(ability) -> bool:
    """Whether :func:`_paid_first` can change a sentence of ``ability``: only when a duration
    over a payment is among its nodes (it rebuilds a node only when one below it changes, and
    keeps each node's type). The walk the checks read anyway says so, instead of a rebuilding
    walk over every node of every ability (a fifth of parsing the bundled abilities; issue 38)."""
    return any(type(node) is n.During and type(node.effect) is n.PayTo
               for node in n.ability_nodes(ability))


def install(cls) -> None:
    """Wrap the transformer's prefix rule (``_nested``): every opener reads its costs as a
    payment at its moment."""
    nested = cls._nested

    def nested_rbcost(self, effect):
        if isinstance(effect, _Marker) and effect.kind == "costed":
            return _paid_after_opener(effect)
        return nested(self, effect)

    ability = cls.ability

    def ability_rbcost(self, ch):
        out = ability(self, ch)
        if not _may_change(out):
            return out
        sentences = tuple(_paid_first(s, i == 0 and not out.costs)
                          for i, s in enumerate(out.sentences))
        if all(a is b for a, b in zip(sentences, out.sentences, strict=True)):
            return out
        changes = {"sentences": sentences}
        if type(sentences[0]) is n.PayTo and not out.costs:  # "<costs> to <effect> until ..."
            changes.update(costs=sentences[0].costs, cost_style="to",
                           sentences=(sentences[0].effect,) + sentences[1:])
        new = dataclasses.replace(out, **changes)
        for key, value in out.__dict__.items():  # what the rules kept on the instance
            if key not in new.__dict__ and key != "_nodes":
                object.__setattr__(new, key, value)
        n.ability_nodes(new)  # the walk the checks and the lowering read, of the new sentences
        return new

    cls._nested, cls.ability = nested_rbcost, ability_rbcost
    for name, method in EVENT_RULES.items():
        setattr(cls, name, method)


def _constant(value):
    return lambda self, ch: _Marker("rbc", value, _sp(ch))


# a trigger's clause as a subject and an event verb ("After you rest,", "another Hero rests",
# "any Hero buys an Item", "another Hero fails a Spirit test")
def _deed(verb):
    return lambda self, ch: _Marker("rbc", (verb, None), _sp(ch))


def _test_deed(success: bool):
    def rule(self, ch):
        vals = [v for v in _values(ch) if not isinstance(v, _Marker)]
        attribute = str(vals[0])
        skill = vals[1] if len(vals) > 1 and isinstance(vals[1], str) else None
        return _Marker("rbc", ("test", (attribute, skill, success)), _sp(ch))

    return rule


def _event(self, ch):
    who, act = (m.value for m in _values(ch))
    verb, detail = act if isinstance(act, tuple) else (act, None)
    return n.HeroAct(who, verb, detail, span=_sp(ch))


EVENT_RULES = {
    "rbc_you": _constant("you"), "rbc_another": _constant("another"),
    "rbc_any": _constant("any"), "rbc_this_ally": _constant("this_ally"),
    "rbc_your_ally": _constant("your_ally"), "rbc_rest": _constant("rest"),
    "rbc_hire": _constant("hire"),
    "rbc_buy": _deed("buy"), "rbc_sell": _deed("sell"), "rbc_escape": _deed("escape"),
    "rbc_defeat": _deed("defeat"), "rbc_enter_town": _deed("enter_town"),
    "rbc_enter_terrain": lambda self, ch: _Marker("rbc", ("enter", value_of(ch)), _sp(ch)),
    "rbc_test_failed": _test_deed(False), "rbc_test_passed": _test_deed(True),
    "rbc_event": _event,
}
