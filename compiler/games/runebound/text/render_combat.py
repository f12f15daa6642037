"""Localised rules text of the combat family (issue 21, family 7): methods of
:class:`runeforge.games.runebound.text.render.Renderer` (set by the end of render.py from :data:`METHODS`;
this module does not import it), looked up by node kind like its own."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _extrawounds(self, node: n.ExtraWounds, mood: str) -> str:
    wounds = self.qty(n.Amount("fixed", (node.value,)), "additional_wound")
    if node.phase is None:
        return self.t("effect.extra_wounds", wounds=wounds)
    return self.t("effect.extra_wounds.phase", phase=self.term("phases", node.phase),
                  wounds=wounds)


def _inflictadditional(self, node: n.InflictAdditional, mood: str) -> str:
    return self.verb("effect.inflict_additional", mood,
                     wounds=self.qty(node.amount, "additional_wound"),
                     target=self.term("targets", node.target))



def _reroll(self, node: n.Reroll, mood: str) -> str:
    if node.better or node.attack:  # branch rbroll
        return self.verb("effect.reroll_better" if node.better else "effect.reroll_failed_attack",
                         mood)
    return self.verb("effect.reroll_failed" if node.failed else "effect.reroll", mood)



def _woundcap(self, node: n.WoundCap, mood: str) -> str:
    wounds = self.qty(n.Amount("fixed", (node.value,)), "wound")
    per = ".round" if node.per == "round" else ""
    if node.subject == "you":
        return self.t("effect.wound_cap.you" + per, wounds=wounds)
    return self.t("effect.wound_cap" + per, target=self.term("targets", node.subject),
                  wounds=wounds)


def _immune(self, node: n.Immune, mood: str) -> str:
    return self.t("effect.immune", target=self.term("targets", "hero"),
                  phase=self.term("phases", node.phase))


def _attackother(self, node: n.AttackOther, mood: str) -> str:
    return self.verb("effect.attack_other", mood, phase=self.term("phases", node.phase),
                     other=self.term("targets", "another_hero"))


METHODS = {"_attackother": _attackother,"_woundcap": _woundcap, "_immune": _immune,"_extrawounds": _extrawounds, "_inflictadditional": _inflictadditional,
           "_reroll": _reroll}
