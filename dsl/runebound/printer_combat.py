"""Canonical English of the combat family's clauses, registered on printer.text by
:func:`register` (called at the end of printer.py; this module does not import it)."""

from __future__ import annotations

from . import nodes as n
from .printer_core import selector


def register(text, targets, noun) -> None:
    @text.register
    def _(node: n.ExtraWounds) -> str:
        whose = f"your {node.phase} attacks" if node.phase else "your attacks"
        wounds = "additional wound" if node.value == 1 else "additional wounds"
        return f"{whose} inflict {node.value} {wounds}"

    @text.register
    def _(node: n.InflictAdditional) -> str:
        return (f"inflict {noun(node.amount, 'additional wound', 'additional wounds')} on "
                f"{targets[node.target]}")

    @text.register
    def _(node: n.Reroll) -> str:
        if node.better or node.attack:  # branch rbroll
            return ("roll your combat roll twice and use the higher result" if node.better
                    else "reroll a failed attack roll")
        return "reroll a failed combat roll" if node.failed else "reroll your combat roll"

    @text.register
    def _(node: n.WoundCap) -> str:
        # a selector of Heroes ("each other Hero in a town") parses here too; check refuses
        # it (RF427), but fmt and the checks print every sentence that parses
        if node.subject == "you":
            who = "you take"
        elif isinstance(node.subject, n.Selector):
            who = f"{selector(node.subject)} takes"
        elif node.subject == "that_hero":  # "that Hero" of a die roll (parses here too)
            who = "that Hero takes"
        else:
            who = f"{targets[node.subject]} takes"
        wounds = "wound" if node.value == 1 else "wounds"
        return f"{who} no more than {node.value} {wounds} in each combat {node.per}"

    @text.register
    def _(node: n.Immune) -> str:
        who = targets.get(node.subject, "your Hero")  # issue 32: "this challenge is ..."
        return f"{who} is immune to {node.phase} attacks"

    @text.register
    def _(node: n.AttackOther) -> str:
        return f"make a {node.phase} attack against another Hero's enemy"
