"""Localised text of the Hero's defence roll as a trigger event (issue 32, session rbdefend):
"you fail to defend", "you defend successfully" (:func:`install`, called at the end of
render.py; this module does not import render.py). Each outcome is a message of its own."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.DefendResult):
            return self.t(f"event.defend_result.{'success' if e.success else 'failure'}")
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    renderer_cls.event = _with_events(renderer_cls.event)
