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


# ---- the knock-out's losses: always-on rules, also when said under "When your Hero is
# knocked out," (the window the language gives them; the engine reads them as the Hero is
# knocked out, before the losses, not in the window that opens after them)
STATIC += (n.KnockoutKeep, n.KnockoutRules)


def knockout_ops(clause) -> list[dict] | None:
    """The ops of a knock-out rule, or None for another clause."""
    kind = type(clause)
    if kind is n.KnockoutKeep:
        return [{"op": "knockout_keep", "losses": [clause.loss]}]
    if kind is n.KnockoutInstead:
        return [{"op": "knockout_instead", "optional": False}]
    if kind is n.MayDo and type(clause.effect) is n.KnockoutInstead:
        return [{"op": "knockout_instead", "optional": True}]
    if kind is n.KnockoutRules:
        return knockout_ops(clause.keep) + knockout_ops(clause.instead)
    return None


def knockout_rules(ability: n.Ability, ir: dict) -> dict:
    """``ir`` as an always-on rule when every clause of ``ability`` is a knock-out rule said
    with no window or under "When your Hero is knocked out," (and nothing else before it)."""
    if ability.window not in (None, "knocked_out") or ability.tag or ability.costs \
            or ability.limits:
        return ir
    ops = [knockout_ops(c) for s in ability.sentences for c in n.clauses(s)]
    if not ops or any(o is None for o in ops):
        return ir
    return {**ir, "timing": {"tag": None, "window": None}, "limits": [], "static": True,
            "reaction": None, "effects": [op for o in ops for op in o]}


def register_knockout(effect) -> None:
    for kind in (n.KnockoutKeep, n.KnockoutInstead, n.KnockoutRules):
        effect.register(kind)(lambda node: knockout_ops(node))
