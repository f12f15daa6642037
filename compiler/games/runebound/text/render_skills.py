"""Localised text of a skill a card gives its Hero (issue 32, session skills): the Renderer
method installed by :func:`install` (called at the end of render.py; this module does not
import render.py). The skill's name is the term table's, as in a test of it."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

TEMPLATES = {"effect.grant_skill": "you have the {skill} skill"}


def install(renderer_cls) -> None:
    def _grantskill(self, node: n.GrantSkill, mood: str) -> str:
        return self.t("effect.grant_skill",
                      skill=self.terms.find("skills", node.skill) or node.skill)

    renderer_cls._grantskill = _grantskill
