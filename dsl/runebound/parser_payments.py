"""Payments in the text (issue 32, part III): "You may <costs> to ...", "<costs>. If you do,
...", gold discarded or lost as a price. The first sentence's costs become the ability's
("<costs> to ..."), a later one's a payment in the text (PayTo). :mod:`.parser_core` installs
the rule and calls :func:`join_if_you_do` from the ability rule.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _is_cost, _Items, _items, _Marker, _sp, _values


class _IfDo:
    """``If you do, <effect>.`` until it joins the costs of the sentence before it."""

    def __init__(self, effect, span):
        self.effect, self.span = effect, span


def _gold_paid(marker):
    """"Discard 2 gold to ..." / "You may lose 1 gold. If you do, ...": gold given up as the
    price of an effect is paid, the same cost as "pay 2 gold" (printed so)."""
    if not (isinstance(marker, _Marker) and marker.kind == "actions") or not any(
            type(i) is n.LoseGold for i in marker.value[1]):
        return marker
    items = marker.value[1]
    paid = _Items([n.PayGold(i.amount, span=i.span)
                   if type(i) is n.LoseGold and i.amount.kind in ("fixed", "x") else i
                   for i in items], items.span)
    return _Marker("actions", (marker.value[0], paid), marker.span)


def _may_costs(marker):
    """``You may <costs>`` (using an ability is always optional): the plain list of costs."""
    marker = _gold_paid(marker)
    if isinstance(marker, _Marker) and marker.kind == "actions" and marker.value[0] \
            and all(_is_cost(i) for i in marker.value[1]):
        return _Marker("actions", (False, marker.value[1]), marker.span)
    return marker


def _paid(sentence):
    """The costs of a sentence that only pays ("You may pay 1 gold.", "Discard an Item."), or
    None."""
    effect = sentence.effect if isinstance(sentence, n.MayDo) else sentence
    items = [n.PayGold(i.amount, span=i.span)
             if type(i) is n.LoseGold and i.amount.kind in ("fixed", "x") else i
             for i in _items(effect)]
    return tuple(items) if items and all(_is_cost(i) for i in items) else None


def join_if_you_do(children: list) -> list:
    """Join each ``If you do, ...`` to the costs of the sentence before it: the first sentence's
    become the ability's costs ("<costs> to ..."), a later one's a payment in the text."""
    out: list = []
    first = None
    for child in children:
        is_sentence = not (isinstance(child, _Marker) and child.kind in ("tag", "limit",
                                                                         "window"))
        if isinstance(child, _IfDo):
            before = out[-1] if out else None
            costs = _paid(before) if before is not None and not isinstance(before, _Marker) \
                else None
            if costs is None:
                raise AbilitySyntaxError(
                    "'If you do' must follow a sentence that pays a cost", *child.span,
                    hint="write 'You may pay 1 gold. If you do, ...' or 'Pay 1 gold to ...'")
            span = (before.span[0], child.span[1])
            if before is first:
                out[-1] = _Marker("costed", (costs, child.effect), span)
            else:
                out[-1] = n.PayTo(costs, child.effect, span=span)
            continue
        if is_sentence and first is None:
            first = child
        out.append(child)
    return out


class PaymentRules:
    """The rule of "If you do, ..."."""

    def if_you_do(self, ch):
        return _IfDo(self._nested(_values(ch)[-1]), _sp(ch))


__all__ = ["PaymentRules", "join_if_you_do"]
