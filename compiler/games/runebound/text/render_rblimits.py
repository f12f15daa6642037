"""Localised text of the carrying limits (issue 32, part III, branch rblimits): the Renderer
methods installed by :func:`install` (called at the end of render.py; this module does not
import render.py). The nouns counted are the term table's (``weapon``, ``armor``, ``ally``
and their ``additional_*`` forms), so each locale's numerals agree with them."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

TEMPLATES = {
    # "You may carry 3 weapons instead of 2." (an Item's limit) / "You may have 3 Allies ..."
    "effect.carry_limit.carry": "you may carry {what} instead of {old}",
    "effect.carry_limit.have": "you may have {what} instead of {old}",
    # "You may carry 1 additional weapon." / "You may have 1 additional Ally."
    "effect.carry_extra.carry": "you may carry {what}",
    "effect.carry_extra.have": "you may have {what}",
    # what the card itself counts as
    "effect.carried_as.exempt.weapon": "this card does not count against your weapon limit",
    "effect.carried_as.exempt.armor": "this card does not count against your armor limit",
    "effect.carried_as.exempt.ally": "this card does not count against your Ally limit",
    "effect.carried_as.exempt.all": "this card does not count against your limit",
    "effect.carried_as.count": "this card counts as {what}",
    "effect.carried_as.both": "this card counts as both {first} and {second}",
    "noun.one.weapon": "a weapon",
    "noun.one.armor": "an armor",
    "noun.one.ally": "an Ally",
    # the knock-out's losses a card changes
    "effect.knockout_keep": "you keep your gold",
    "effect.knockout_keep.when": "you do not lose gold when knocked out",
    "effect.knockout_instead": "discard this card instead of your most expensive Item or Ally",
    "effect.knockout_instead.inf": "discard this card instead of your most expensive Item or Ally",
    "effect.knockout_instead.purp": "discard this card instead of your most expensive Item or "
                                    "Ally",
    "effect.knockout_rules.must": "{keep}, and you must discard this card instead of your most "
                                  "expensive Item or Ally",
    "effect.knockout_rules.may": "{keep}, and you may discard this card instead of your most "
                                 "expensive Item or Ally",
}


def install(renderer_cls) -> None:
    def _carrylimit(self, node: n.CarryLimit, mood: str) -> str:
        verb = "have" if node.kind == "ally" else "carry"
        if node.instead_of is None:
            what = self.qty(n.Amount("fixed", (node.count,)), f"additional_{node.kind}")
            return self.t(f"effect.carry_extra.{verb}", what=what)
        what = self.qty(n.Amount("fixed", (node.count,)), node.kind)
        return self.t(f"effect.carry_limit.{verb}", what=what, old=self.num(node.instead_of))

    def _carriedas(self, node: n.CarriedAs, mood: str) -> str:
        if node.kinds is None:
            return self.t(f"effect.carried_as.exempt.{node.exempt}")
        kinds = node.kinds
        if len(kinds) == 2 and kinds[0] != kinds[1]:
            return self.t("effect.carried_as.both", first=self.t(f"noun.one.{kinds[0]}"),
                          second=self.t(f"noun.one.{kinds[1]}"))
        what = self.qty(n.Amount("fixed", (len(kinds),)), kinds[0] if kinds else "weapon")
        return self.t("effect.carried_as.count", what=what)

    def _knockoutkeep(self, node: n.KnockoutKeep, mood: str) -> str:
        return self.t("effect.knockout_keep.when" if node.when else "effect.knockout_keep")

    def _knockoutinstead(self, node: n.KnockoutInstead, mood: str) -> str:
        return self.t("effect.knockout_instead" if mood == "imp" else
                      f"effect.knockout_instead.{mood}")

    def _knockoutrules(self, node: n.KnockoutRules, mood: str) -> str:
        how = "may" if type(node.instead) is n.MayDo else "must"
        return self.t(f"effect.knockout_rules.{how}", keep=self.effect(node.keep, mood))

    renderer_cls._knockoutkeep = _knockoutkeep
    renderer_cls._knockoutinstead = _knockoutinstead
    renderer_cls._knockoutrules = _knockoutrules
    renderer_cls._carrylimit = _carrylimit
    renderer_cls._carriedas = _carriedas
