"""Localised text of more event verbs of a trigger's clause (issue 32, branch rbtrig2): "you
escape" and "you fail a Spirit test" / "you pass a Mind Diplomacy test" (:func:`install`,
called at the end of render.py; this module does not import render.py). Each outcome is a
message of its own, so every language chooses its verb and case for it; "<effect> unless
<condition>" is one message with both slots, so each language orders them as it says it."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.Escaped):
            return self.t("event.escaped")
        if isinstance(e, n.TestResult):
            key = f"event.test_result.{'success' if e.success else 'failure'}"
            if e.attribute is None:  # branch rbroll: a skill's test, whatever its attribute
                if not e.skill:
                    return self.t(f"{key}.any")
                return self.t(f"{key}.skill_only",
                              skill=self.terms.find("skills", e.skill) or e.skill)
            attribute = self.term("stats", e.attribute)
            if not e.skill:
                return self.t(key, attribute=attribute)
            skill = self.terms.find("skills", e.skill) or e.skill
            return self.t(f"{key}.skill", attribute=attribute, skill=skill)
        return inner(self, e)

    return event


def _unless(self, node: n.Unless, mood: str) -> str:
    return self.t("effect.unless", effect=self.effect(node.effect, mood),
                  condition=self.condition(node.condition))


def install(renderer_cls) -> None:
    renderer_cls.event = _with_events(renderer_cls.event)
    renderer_cls._unless = _unless  # "<effect> unless <condition>"
