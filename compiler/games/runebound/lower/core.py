"""Lowering of the compositional core (issue 32, part III) to the effect IR. :func:`install`
registers on lower.py's ``effect`` (lower.py calls it; this module does not import lower.py).

"this challenge" is the challenge the Hero faces: on the challenge's own card that is the IR
target ``enemy`` (the checks refuse "this challenge" on any other card, RF451)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .lists import ir_value

STANDING = (n.CannotBeWounded,)


def selector(sel: n.Selector) -> dict:
    having = {"count": sel.having[0], "what": sel.having[1]} if sel.having else None
    return {"who": sel.who, "place": ir_value(sel.place), "within": sel.within, "having": having,
            "measure": sel.measure}


def this_challenge(ir):
    """``ir`` with every target "this_challenge" made "enemy" (in place; returns it)."""
    if isinstance(ir, dict):
        for key, value in ir.items():
            if value == "this_challenge":
                ir[key] = "enemy"
            elif isinstance(value, (dict, list)):
                this_challenge(value)
    elif isinstance(ir, list):
        for item in ir:
            this_challenge(item)
    return ir


def install(effect, amount, cost) -> None:
    @effect.register
    def _(node: n.Each) -> list[dict]:
        return [{"op": "each_hero", "selector": selector(node.selector),
                 "effects": effect(node.effect)}]

    @effect.register
    def _(node: n.ForEach) -> list[dict]:
        most = {} if node.most is None else {"most": node.most}
        return [{"op": "repeat", "per": node.per, "effects": effect(node.effect), **most}]

    @effect.register
    def _(node: n.LoseGold) -> list[dict]:
        return [{"op": "lose_gold", "amount": amount(node.amount)}]

    @effect.register
    def _(node: n.KeepTrophy) -> list[dict]:
        return [{"op": "keep_trophy"}]

    @effect.register
    def _(node: n.EndTurn) -> list[dict]:
        return [{"op": "end_turn"}]

    @effect.register
    def _(node: n.DiscardAlly) -> list[dict]:
        return [{"op": "discard_ally"}]

    @effect.register
    def _(node: n.Nothing) -> list[dict]:
        return []

    @effect.register
    def _(node: n.PayTo) -> list[dict]:
        return [{"op": "pay_to", "costs": [cost(c) for c in node.costs],
                 "effects": effect(node.effect)}]

    @effect.register
    def _(node: n.PayOr) -> list[dict]:
        return [{"op": "pay_or", "costs": [cost(c) for c in node.costs],
                 "effects": effect(node.otherwise)}]

    @effect.register
    def _(node: n.CannotBeWounded) -> list[dict]:
        return [{"op": "wound_cap", "target": node.subject, "value": 0}]

    @effect.register
    def _(node: n.Immune) -> list[dict]:
        return [{"op": "immune", "target": node.subject, "phase": node.phase}]


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.AllyDefeated):
            return {"kind": "ally_defeated"}
        if isinstance(e, n.CardTraded):  # issue 32: "When you buy / sell this card,"
            return {"kind": f"card_{e.verb}"}
        if isinstance(e, n.ItemTraded):  # "When you buy / sell an Item,"
            return {"kind": f"item_{e.verb}"}
        if isinstance(e, n.EventDrawn):  # "When you draw an event card," (lang4)
            return {"kind": "event_draw"}
        if isinstance(e, n.CombatRound):  # "At the start / end of each combat round,"
            return {"kind": f"round_{e.edge}"}
        return inner(e)

    return event


def core_cost(c, amount) -> dict | None:
    if isinstance(c, n.DiscardAlly):
        return {"op": "discard_ally"}
    if isinstance(c, n.AllyExhaustion):
        return {"op": "ally_exhaustion", "amount": amount(c.amount)}
    return None
