"""Canonical English of branch rbdamage's rule (how an attack's wounds are counted),
registered on printer.text by :func:`install` (called at the end of printer.py; this module
does not import it)."""

from __future__ import annotations

from . import nodes as n

TIMES = {2: "double", 3: "triple"}
ROLLS = {"defend": "defence", "attack": "attack"}


def colours_text(colours) -> str:
    if len(colours) == 1:
        return colours[0]
    return ", ".join(colours[:-1]) + " or " + colours[-1]  # as rbmod's "a blue or red challenge"


def own_phase(node) -> bool:
    """Is ``node`` the rule "double your (melee) damage" kept to the end of the phase? It is
    printed "double your melee damage this phase" (the words the rule reads), so that
    "..., then take 1 exhaustion" after it stays outside the duration."""
    rule = node.effect
    return (node.until == "end_of_phase" and isinstance(rule, n.DamageRule)
            and rule.side == "deals" and rule.subject == "hero" and not rule.colours)


def install(text, targets) -> None:
    plain_during = text.dispatch(n.During)

    @text.register
    def _(node: n.During) -> str:
        return f"{text(node.effect)} this phase" if own_phase(node) else plain_during(node)

    @text.register
    def _(node: n.DamageRule) -> str:
        phase = f" in the {node.phase} phase" if node.phase else ""
        against = f" against {colours_text(node.colours)} challenges" if node.colours else ""
        if node.mode == "add":  # a hit's margin (parser: "your Hero" only)
            attack = f"your {node.phase} attack" if node.phase else "your attack"
            wounds = "1 additional wound" if node.value == 1 else \
                f"{node.value} additional wounds"
            return f"if {attack} succeeds by {node.margin} or more, inflict {wounds}"
        if node.side == "deals":
            times = TIMES[node.value]
            if node.subject == "hero":
                damage = f"your {node.phase} damage" if node.phase else "your damage"
                return f"{times} {damage}{against}"
            return f"{targets[node.subject]} inflicts {times} damage{phase}{against}"
        who = targets[node.subject]
        if node.roll:
            return f"{who} takes no wounds from a failed {ROLLS[node.roll]} roll{phase}"
        wounds = "1 wound" if node.value == 1 else f"{node.value} wounds"
        return f"{who} takes no more than {wounds} from a single attack{phase}"
