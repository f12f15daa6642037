"""Printer of a skill a card gives its Hero (issue 32, session skills): one canonical sentence,
"you have the Swim skill" (capitalised at the start of the ability)."""

from __future__ import annotations

from . import nodes as n


def install(text) -> None:
    from .printer_core import THIRD

    THIRD.setdefault("have", "has")  # "each Hero has ..." (the check refuses it; fmt reads back)
    @text.register
    def _(node: n.GrantSkill) -> str:
        return f"you have the {node.skill} skill"
