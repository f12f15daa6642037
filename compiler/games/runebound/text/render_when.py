"""Localised text of the triggers on a test (issue 32, session when): Renderer methods of
:class:`~runeforge.dsl.runebound.nodes_when.TestBonus` and the event ``you test Mind``
(:func:`install`, called at the end of render.py; this module does not import render.py)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _testbonus(self, node: n.TestBonus, mood: str) -> str:
    return self.verb("effect.test_bonus", mood, n=self.num(node.amount.values[0]))


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.SkillTested) and e.attribute is None:  # branch rbroll
            if not e.skill:
                return self.t("event.test.any")
            return self.t("event.test.skill_only",
                          skill=self.terms.find("skills", e.skill) or e.skill)
        if isinstance(e, n.SkillTested):
            attribute = self.term("stats", e.attribute)
            if not e.skill:
                return self.t("event.test", attribute=attribute)
            skill = self.terms.find("skills", e.skill) or e.skill
            return self.t("event.test.skill", attribute=attribute, skill=skill)
        if isinstance(e, n.AllyLost):
            return self.t("event.ally_lost")
        if isinstance(e, n.HeroDefeated):
            return self.t("event.defeat_hero")
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    renderer_cls._testbonus = _testbonus
    renderer_cls.event = _with_events(renderer_cls.event)
