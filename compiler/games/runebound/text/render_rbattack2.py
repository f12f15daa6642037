"""Localised rules text of branch rbattack2's event: an attack's result with the attack's kind
("this Ally makes a melee attack and succeeds", "you make a ranged attack and fail"). The
templates join templates.OTHER; :func:`install` (called at the end of render.py) teaches the
renderer's event the phase. Each subject and outcome is a message of its own, so every language
agrees its verb with it; the phase is a slot with the locale's form of "a melee attack"."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

TEMPLATES = {
    "event.attack_result.hero.success.phase": "you make a {phase} attack and succeed",
    "event.attack_result.hero.failure.phase": "you make a {phase} attack and fail",
    "event.attack_result.this_ally.success.phase": "this Ally makes a {phase} attack and succeeds",
    "event.attack_result.this_ally.failure.phase": "this Ally makes a {phase} attack and fails",
}


def _with_phase(inner):
    def event(self, e) -> str:
        if isinstance(e, n.AttackResult) and e.phase:
            outcome = "success" if e.success else "failure"
            return self.t(f"event.attack_result.{e.who}.{outcome}.phase",
                          phase=self.term("phases", e.phase))
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    renderer_cls.event = _with_phase(renderer_cls.event)


__all__ = ["TEMPLATES", "install"]
