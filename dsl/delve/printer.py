"""The canonical English text of a Delve ability (what ``runeforge fmt`` writes)."""

from __future__ import annotations

from . import nodes as n

TARGET_TEXT = {"adjacent": "an adjacent adversary", "visible": "a visible adversary",
               "each": "each adversary in this chamber"}
EVENT_TEXT = {"slay": "slay an adversary", "explored": "explore a chamber",
              "recuperated": "recuperate"}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def print_cost(cost: n.Cost) -> str:
    return f"({cost.need}+{'*' if cost.escalating else ''})"


def print_effect(effect) -> str:
    if isinstance(effect, n.Explore):
        return "explore"
    if isinstance(effect, n.Move):
        return "move up to " + _plural(effect.up_to, "space", "spaces")
    if isinstance(effect, n.Heal):
        return "heal " + _plural(effect.wounds, "wound", "wounds")
    if isinstance(effect, n.Renown):
        return f"gain {effect.amount} renown"
    if isinstance(effect, n.Skill):
        return "gain a skill"
    return (f"attack {TARGET_TEXT[effect.target]}: {effect.range}, Hit {effect.hit}+, "
            f"Damage {effect.damage}")


def print_effects(effects) -> str:
    return " and ".join(print_effect(e) for e in effects)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def print_ability(ability) -> str:
    if isinstance(ability, n.Action):
        return f"{ability.name} {print_cost(ability.cost)}: {_cap(print_effects(ability.effects))}."
    if isinstance(ability, n.Spend):
        return f"Spend a hero die {print_cost(ability.cost)} to {print_effects(ability.effects)}."
    return f"Every time you {EVENT_TEXT[ability.event]}, {print_effects(ability.effects)}."
