"""Canonical English of the triggers on a test (issue 32, session when), registered on
printer.text by :func:`install` (printer.py calls it; this module does not import it)."""

from __future__ import annotations

from . import nodes as n

ATTRIBUTES = {"mind": "Mind", "body": "Body", "spirit": "Spirit"}


def with_events(inner):
    """printer.event, taught "you test Mind"."""

    def event(e) -> str:
        if isinstance(e, n.SkillTested) and e.attribute is None:  # branch rbroll
            return f"you test {e.skill}" if e.skill else "you take a skill test"
        if isinstance(e, n.SkillTested):
            skill = f" {e.skill}" if e.skill else ""
            return f"you test {ATTRIBUTES[e.attribute]}{skill}"
        if isinstance(e, n.AllyLost):
            return "one of your Allies is defeated"
        if isinstance(e, n.HeroDefeated):
            return "you defeat another Hero"
        return inner(e)

    return event


def install(text, amount) -> None:
    @text.register
    def _(node: n.TestBonus) -> str:
        return f"add {amount(node.amount)} to the result"


__all__ = ["install", "with_events"]
