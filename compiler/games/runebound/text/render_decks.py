"""Localised rules text of family 5/6 (issue 21): decks and cards, economy and experience.
Methods of :class:`runeforge.games.runebound.text.render.Renderer`, added by :func:`install`."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _drawadventure(self, node: n.DrawAdventure, mood: str) -> str:
    return self.verb(f"effect.draw_adventure.{node.colour}", mood)


def _drawmarketkeep(self, node: n.DrawMarketKeep, mood: str) -> str:
    return self.verb("effect.draw_market_keep", mood, cards=self.qty(node.amount, "market_card"))


def _returntodeck(self, node: n.ReturnToDeck, mood: str) -> str:
    return self.verb("effect.return_to_deck", mood)


def _placeally(self, node: n.PlaceAlly, mood: str) -> str:
    stats = [self.t("ally.stat", stat=self.term("stats", stat), n=self.num(value))
             for stat, value in node.stats]
    listed = stats[0]
    for stat in stats[1:-1]:
        listed = self.t("list.comma", first=listed, second=stat)
    if len(stats) > 1:
        listed = self.t("list.and", first=listed, second=stats[-1])
    return self.verb("effect.place_ally", mood, stats=listed)


def _gainexperience(self, node: n.GainExperience, mood: str) -> str:
    return self.verb("effect.gain_experience", mood,
                     experience=self.qty(node.amount, "experience"))


def _gaingoldequal(self, node: n.GainGoldEqual, mood: str) -> str:
    return self.verb(f"effect.gain_gold_equal.{node.basis}", mood)


def _paysyou(self, node: n.PaysYou, mood: str) -> str:
    return self.t("effect.pay_you", target=self.term("targets", node.payer),
                  gold=self.qty(node.amount, "gold"))


def _discarditem(self, node: n.DiscardItem, mood: str) -> str:
    return self.t("cost.discard_item")


def install(renderer_cls) -> None:
    for name, value in dict(globals()).items():
        if name.startswith("_") and not name.startswith("__") and callable(value):
            setattr(renderer_cls, name, value)
