"""Localised text of a trigger's clause said of its subject (issue 32, branch rbtrig): the
events "this Ally is discarded" and "you attack and fail" / "this Ally attacks and succeeds"
(:func:`install`, called at the end of render.py; this module does not import render.py). Each
subject and outcome is a message of its own, so every language agrees its verb with it."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.AttackResult):
            outcome = "success" if e.success else "failure"
            return self.t(f"event.attack_result.{e.who}.{outcome}")
        if isinstance(e, n.AllyDiscarded):
            return self.t("event.ally_discarded")
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    renderer_cls.event = _with_events(renderer_cls.event)
