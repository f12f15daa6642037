"""Lowering of the carrying limits (issue 32, part III, branch rblimits).

* CarryLimit: the always-on bonus to the Hero's limit of a kind, ``modify`` of the stat
  ``<kind>_limit`` (the market reads it: engine/runebound/game/carry_rblimits.py): "3 Allies
  instead of 2" is one more (``count - instead_of``), "1 additional weapon" one more;
* CarriedAs: ``carry_as`` (the limits the card fills instead of its own) or ``carry_exempt``
  (the limits it does not count against: one kind, or every one: ``[]``)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

STATIC = (n.CarryLimit, n.CarriedAs)  # always on while the card is held, as a modifier is


def carry_limit(node: n.CarryLimit) -> list[dict]:
    return [{"op": "modify", "target": "hero", "stat": f"{node.kind}_limit",
             "value": node.delta}]


def carried_as(node: n.CarriedAs) -> list[dict]:
    if node.kinds is None:
        return [{"op": "carry_exempt", "slots": [] if node.exempt == "all" else [node.exempt]}]
    return [{"op": "carry_as", "slots": list(node.kinds)}]


def register(effect) -> None:
    effect.register(n.CarryLimit)(carry_limit)
    effect.register(n.CarriedAs)(carried_as)
