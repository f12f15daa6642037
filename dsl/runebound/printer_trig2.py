"""Canonical English of more event verbs of a trigger's clause (issue 32, branch rbtrig2),
registered on printer.event by :func:`with_events` (printer.py calls it; this module does not
import it): "you escape" (what from is the Hero's enemy either way and is not printed), "you
fail a Spirit test", "you pass a Mind Diplomacy test"."""

from __future__ import annotations

from . import nodes as n
from .printer_when import ATTRIBUTES


def test_result(e: n.TestResult) -> str:
    if e.attribute is None:  # branch rbroll: a skill's test whatever its attribute, or any
        return f"you {'pass' if e.success else 'fail'} a {e.skill or 'skill'} test"
    skill = f" {e.skill}" if e.skill else ""
    return f"you {'pass' if e.success else 'fail'} a {ATTRIBUTES[e.attribute]}{skill} test"


def with_events(inner):
    """printer.event, taught "you escape" and "you fail a Spirit test"."""

    def event(e) -> str:
        if isinstance(e, n.Escaped):
            return "you escape"
        if isinstance(e, n.TestResult):
            return test_result(e)
        return inner(e)

    return event


def install(text, condition) -> None:
    """printer.text, taught "<effect> unless <condition>"."""

    @text.register
    def _(node: n.Unless) -> str:
        # over a prefixed effect ("every time ..., ...", "if you fail, ...") the condition goes
        # first: said last it would read back as the inner effect's (a fuzz failure, stop 51)
        if isinstance(node.effect, _PREFIXED):
            return f"unless {condition(node.condition)}, {text(node.effect)}"
        return f"{text(node.effect)} unless {condition(node.condition)}"


_PREFIXED = (n.Trigger, n.Outcome, n.During, n.IfState, n.WhileState, n.Unless, n.Each,
             n.ForEach)


__all__ = ["install", "test_result", "with_events"]
