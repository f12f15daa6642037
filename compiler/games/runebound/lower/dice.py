"""Lowering of die rolls as authors write them (issue 32, session rbdice): the keys of
``roll_table`` beyond its rows (engine/runebound/core/ir_dice.py), each left out when it says the
default, so a table of part II lowers as it did; "that Hero ..." is the effect said of the Hero
who rolled (inside ``each_hero`` that Hero runs it).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def roll_options(node: n.DieTable, effect) -> dict:
    out = {}
    if node.dice != 1:
        out["dice"] = node.dice
    if node.add is not None:
        out["add"] = node.add
    if node.keep is not None:
        out["keep"] = node.keep
    if node.otherwise is not None:
        out["else"] = effect(node.otherwise)
    return out


def register(effect) -> None:
    @effect.register
    def _(node: n.ThatHero) -> list[dict]:
        return effect(node.effect)
