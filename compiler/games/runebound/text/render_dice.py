"""Localised text of die rolls as authors write them (issue 32, session rbdice): Renderer
methods installed by :func:`install` (called at the end of render.py; this module does not
import render.py).

The roll's head is ``effect.roll_table`` (one die), ``effect.roll_table.add.<dice>`` (a total
with an attribute) or ``effect.roll_table.higher``; open rows ``table.at_most`` /
``table.at_least``; the last row ``table.otherwise``; a roll by other Heroes
``each.roll_table`` ("each Hero rolls a die") with rows said of ``that_hero``.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .render_core import _selector, _third

TEMPLATES = {
    "effect.roll_table.add.1": "roll a die and add your {stat}",
    "effect.roll_table.add.2": "roll two dice and add your {stat}",
    "effect.roll_table.higher": "roll two dice and use the higher result",
    "effect.roll_table.dice.2": "roll two dice",  # branch rbverbs: two dice summed
    "table.at_most": "{n} or less",
    "table.at_least": "{n} or more",
    "table.otherwise": "otherwise, {effect}",
    "each.roll_table": "{who} rolls a die",
    "that_hero": "that Hero {effect}",
}


def _head(self, node: n.DieTable) -> str:
    if node.add is not None:
        return self.t(f"effect.roll_table.add.{node.dice}", stat=self.term("stats", node.add))
    if node.keep == "higher":
        return self.t("effect.roll_table.higher")
    if node.dice > 1:  # branch rbverbs: "Roll two dice. On 2–8, ..."
        return self.t(f"effect.roll_table.dice.{node.dice}")
    return self.t("effect.roll_table")


def _rows(self, node: n.DieTable, mood: str) -> list[str]:
    rows = [self._tablerow(r, mood) for r in node.rows]
    if node.otherwise is not None:
        row = self.t("table.otherwise", effect=self.effect(node.otherwise, "imp"))
        rows.append(row[:1].upper() + row[1:])
    return rows


def install(renderer_cls) -> None:
    faces, each = renderer_cls.faces, renderer_cls._each

    def faces_(self, low, high) -> str:
        if low is None:
            return self.t("table.at_most", n=self.num(high))
        if high is None:
            return self.t("table.at_least", n=self.num(low))
        return faces(self, low, high)

    def _dietable(self, node: n.DieTable, mood: str) -> str:
        # the ability's renderer adds the last full stop and capitalises the first sentence
        return ". ".join([_head(self, node), *_rows(self, node, mood)])

    def _each(self, node: n.Each, mood: str) -> str:
        if isinstance(node.effect, n.DieTable):  # "Each Hero rolls a die. On 1–2, that Hero ..."
            head = self.t("each.roll_table", who=_selector(self, node.selector))
            return ". ".join([head, *_rows(self, node.effect, mood)])
        return each(self, node, mood)

    def _thathero(self, node: n.ThatHero, mood: str) -> str:
        return self.t("that_hero", effect=_third(self, node.effect))

    renderer_cls.faces, renderer_cls._each = faces_, _each
    renderer_cls._dietable, renderer_cls._thathero = _dietable, _thathero
