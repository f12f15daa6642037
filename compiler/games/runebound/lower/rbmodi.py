"""Lowering of branch rbmodi (issue 32): a duration over extra movement dice.

"Roll 1 additional movement die until the end of this turn." keeps the extra die for the turn's
movement: it is the lasting bonus "you receive +1 movement die until the end of this turn" (the
turn loop reads the stat ``movement_dice``), not the one-off grant of the movement step, which a
duration would keep and never run. Other durations lower as before (lower/__init__.py).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def lasting_dice(node) -> bool:
    """Is ``node`` extra movement dice a duration keeps as a bonus (a fixed number)?"""
    return type(node) is n.MovementDice and node.amount.kind == "fixed"


def register(effect) -> None:
    plain = effect.dispatch(n.During)

    @effect.register
    def _(node: n.During) -> list[dict]:
        if not any(lasting_dice(c) for c in n.clauses(node.effect)):
            return plain(node)
        ops = []
        for c in n.clauses(node.effect):
            if lasting_dice(c):
                ops.append({"op": "modify", "target": "hero", "stat": "movement_dice",
                            "value": c.amount.values[0]})
            else:
                ops.extend(effect(c))
        return [{"op": "for_duration", "until": node.until, "effects": ops}]
