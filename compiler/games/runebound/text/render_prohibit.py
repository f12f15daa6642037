"""Rules text of the prohibitions and price floors of session rbrules (issue 32): one template
per barred act (``effect.restrict.<action>``) and ``effect.cost.minimum`` around a price."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .terms import Counted, category


def install(renderer_cls) -> None:
    restrict, costs = renderer_cls._restrict, renderer_cls._costmodifier

    def _restrict(self, node: n.Restrict, mood: str) -> str:
        if node.action in ACTIONS:
            return self.t(f"effect.restrict.{node.action}")
        return restrict(self, node, mood)

    def _costmodifier(self, node: n.CostModifier, mood: str) -> str:
        price = costs(self, node, mood)
        if node.minimum is None:
            return price
        gold = Counted((self.term("terms", "gold"),), category(self.locale, node.minimum))
        return self.t("effect.cost.minimum", price=price, n=self.num(node.minimum), gold=gold)

    renderer_cls._restrict, renderer_cls._costmodifier = _restrict, _costmodifier


ACTIONS = frozenset({"rest", "own_rest", "attack_heroes", "own_attack_heroes", "heal_in_town",
                     "own_heal_in_town", "sell_items", "own_sell_items", "activate_items",
                     "activate_items_in_combat", "own_buy_items", "own_buy_allies",
                     "this_sell_items"})  # the last three: session prohib
