"""Lowering of families 1-3 (conditions, choices, random tables; issue 21) to the effect IR,
registered on :func:`runeforge.games.runebound.lower.effect` by :func:`register` (called by lower):

* ``If <condition>, ...``  -> ``{"op": "if_state", "condition": {...}, "effects": [...]}``
* ``While <condition>, ...`` -> ``{"op": "while", "condition": {...}, "effects": [...]}``
* ``Choose one: ...; or ...`` -> ``{"op": "choose", "options": [[...], [...]]}``
* ``Roll a die. On 1–3, ...`` -> ``{"op": "roll_table", "rows": [{"low": 1, "high": 3,
  "effects": [...]}, ...]}``

The condition objects are listed in docs/language.md (Family 1) and in the IR schema.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .dice import roll_options
from .lists import ir_value


def condition(c: n.Condition) -> dict:
    kind = c.kind
    if kind == "terrain":
        return {"kind": kind, "terrain": ir_value(c.value)}  # one or several (issue 32)
    if kind == "named_town":
        return {"kind": kind, "town": c.value}
    if kind == "at_least":
        return {"kind": kind, "token": c.value, "count": c.count}
    if kind == "none":
        return {"kind": kind, "token": c.value}
    if kind == "skill":
        return {"kind": kind, "skill": c.value}
    if kind == "item_class":
        return {"kind": kind, "class": c.value}
    if kind == "enemy_colour":
        return {"kind": kind, "colour": ir_value(c.value)}
    if kind == "round_unhurt":  # branch rbsix2: the enemy's wounds of this round
        return {"kind": kind, "count": c.count}
    if kind == "moment":  # branch rbtime: a moment of a combat (phase and/or round)
        return {"kind": kind, "phase": c.value, "round": c.count}
    if kind == "ally_none":  # branch rbtime: this Ally's own wounds or exhaustion
        return {"kind": kind, "token": c.value}
    return {"kind": kind}  # town, ally


def register(effect) -> None:
    """Register the lowering of this module's nodes on ``effect`` (lower.effect)."""

    @effect.register
    def _(node: n.IfState) -> list[dict]:
        return [{"op": "if_state", "condition": condition(node.condition),
                 "effects": effect(node.effect),
                 "else": effect(node.otherwise) if node.otherwise is not None else []}]

    @effect.register
    def _(node: n.WhileState) -> list[dict]:
        return [{"op": "while", "condition": condition(node.condition),
                 "effects": effect(node.effect)}]

    @effect.register
    def _(node: n.Choice) -> list[dict]:
        return [{"op": "choose", "options": [effect(o) for o in node.options]}]

    @effect.register
    def _(node: n.DieTable) -> list[dict]:
        return [{"op": "roll_table",
                 "rows": [{"low": r.low, "high": r.high, "effects": effect(r.effect)}
                          for r in node.rows], **roll_options(node, effect)}]
