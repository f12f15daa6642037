"""Canonical English of families 1-3 (conditions, choices, random tables; issue 21),
registered on :func:`runeforge.dsl.runebound.printer.text` by :func:`register` (called by printer).

Canonical forms: "if your Hero is in a swamp space, ...", "while you have an Ally, ...",
"choose one: gain 2 gold; or take 1 wound", "roll a die. On 1–3, ... On 4–10, ..." (an en
dash in ranges; "-" is read too).
"""

from __future__ import annotations

from . import nodes_branching as b
from .nodes_lists import join, terrain_words, values
from .printer_rbsix2 import round_unhurt_text  # branch rbsix2
from .printer_rbtime import moment_text  # branch rbtime

RANGE_DASH = "\u2013"


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def condition(c: b.Condition) -> str:
    if c.kind == "terrain":
        # one terrain by the board's name, as this form always printed it ("a mountains
        # space"); several as a selector says them ("a hill or mountain space", issue 32)
        words = c.value if isinstance(c.value, str) else terrain_words(c.value)
        return f"your Hero is in {article(words)} {words} space"
    if c.kind == "town":
        return "your Hero is in a town"
    if c.kind == "named_town":
        return f"your Hero is in {c.value}"
    if c.kind == "at_least":
        what = {"wound": "wounds", "item": "Items", "ally": "Allies",
                "trophy": "trophies"}.get(c.value, c.value)
        return f"you have {c.count} or more {what}"
    if c.kind == "none":
        what = {"wound": "wounds", "item": "Items", "ally": "Allies", "trophy": "trophies"}
        return f"you have no {what.get(c.value, c.value)}"
    if c.kind == "unwounded":  # issue 32 (session when)
        return "you took no wounds in this combat"
    if c.kind == "round_unhurt":  # branch rbsix2
        return round_unhurt_text(c.count)
    if c.kind == "moment":  # branch rbtime
        return moment_text(c)
    if c.kind == "ally_none":  # branch rbtime
        return f"this Ally has no {'wounds' if c.value == 'wound' else c.value}"
    if c.kind == "skill":
        return f"you have the {c.value} skill"
    if c.kind == "ally":
        return "you have an Ally"
    if c.kind == "item_class":
        return f"you have {article(c.value)} {c.value}"
    if c.kind == "enemy_colour":
        words = join(list(values(c.value)))
        return f"your enemy is {article(words)} {words} challenge"
    raise ValueError(f"unknown condition kind {c.kind!r}")


def faces(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}{RANGE_DASH}{high}"


def register(text) -> None:
    """Register the printers of this module's nodes on ``text`` (printer.text)."""

    @text.register
    def _(node: b.IfState) -> str:
        out = f"if {condition(node.condition)}, {text(node.effect)}"
        if node.otherwise is not None:  # a sentence of its own, after the "if"
            out += f". Otherwise, {text(node.otherwise)}"
        return out

    @text.register
    def _(node: b.WhileState) -> str:
        return f"while {condition(node.condition)}, {text(node.effect)}"

    @text.register
    def _(node: b.Choice) -> str:
        return "choose one: " + "; or ".join(text(o) for o in node.options)

    @text.register
    def _(node: b.TableRow) -> str:
        return f"On {faces(node.low, node.high)}, {text(node.effect)}"

    @text.register
    def _(node: b.DieTable) -> str:
        # print_ability adds the final full stop and capitalises the first word
        return ". ".join(["roll a die", *(text(r) for r in node.rows)])
