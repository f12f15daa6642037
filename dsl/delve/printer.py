"""The canonical English text of a Delve ability (what ``runeforge fmt`` writes).

One voice for every variant the grammar reads: weapon shorthand ("Combat. Hit 4, Damage 2")
prints as ``attack an adjacent adversary: combat, Hit 4+, Damage 2``; ``(6)`` and ``[3+]`` as
``(6+)`` and ``(3+)``; ``Spend a 5+ hero die:`` as ``Spend a hero die (5+) to``; subjects that
act ("each adversary … moves 1 space towards you") as the hero's verb ("pull each adversary
… 1 space towards you"); a lasting effect or a rider starts its own sentence
("Until the end of your turn, …", "If you rolled a 6, …")."""

from __future__ import annotations

from . import nodes as n

TARGET_TEXT = {"adjacent": "an adjacent adversary", "visible": "a visible adversary",
               "each": "each adversary in this chamber"}
EVENT_TEXT = {"slay": "slay an adversary", "explored": "explore a chamber",
              "recuperated": "recuperate"}
DURATION_TEXT = {"end_of_turn": "until the end of your turn",
                 "end_of_round": "until the end of the round",
                 "next_turn": "until the start of your next turn"}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def print_cost(cost: n.Cost) -> str:
    return f"({cost.need}+{'*' if cost.escalating else ''})"


def print_filter(f: n.Filter) -> str:
    return {"adjacent": "adjacent to you", "adjacent_target": "adjacent to the target",
            "within": f"within {_plural(f.n, 'space', 'spaces')} of you",
            "chamber": "in this chamber", "visible": ""}[f.kind]


def print_selector(sel: n.Selector) -> str:
    if sel.quantity in ("target", "them", "self"):
        return {"target": "the target", "them": "each of them", "self": "yourself"}[sel.quantity]
    many = sel.quantity == "up_to" and sel.count != 1
    noun = {"adversary": ("adversary", "adversaries"), "hero": ("hero", "heroes")}[sel.side]
    word = noun[1] if many else noun[0]
    visible = any(f.kind == "visible" for f in sel.filters)
    if visible:
        word = "visible " + word
    if sel.quantity in ("another", "each_other"):
        word = "other " + word if sel.quantity == "each_other" else word
    head = {"one": "an" if not visible and word[0] in "aeiou" else "a", "each": "each",
            "up_to": f"up to {sel.count}", "another": "another", "each_other": "each"}[sel.quantity]
    tail = [print_filter(f) for f in sel.filters if f.kind != "visible"]
    return " ".join([head, word, *tail])


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _stats(hit, damage) -> str:
    return f"Hit {hit}+, Damage {damage}"


def print_effect(effect) -> str:
    if isinstance(effect, n.Explore):
        return "explore"
    if isinstance(effect, n.Move):
        return "move up to " + _plural(effect.up_to, "space", "spaces")
    if isinstance(effect, n.Heal):
        text = "heal " + _plural(effect.wounds, "wound", "wounds")
        return text + (f" on {print_selector(effect.on)}" if effect.on else "")
    if isinstance(effect, n.Renown):
        return f"gain {effect.amount} renown"
    if isinstance(effect, n.Skill):
        return "gain a skill"
    if isinstance(effect, n.Attack):
        return (f"attack {TARGET_TEXT[effect.target]}: {effect.range}, "
                f"{_stats(effect.hit, effect.damage)}")
    if isinstance(effect, n.Strike):
        text = f"make {_article(effect.range)} {effect.range} attack"
        if effect.target is not None:
            text += f" against {print_selector(effect.target)}"
        if effect.hit is not None:
            text += f", {_stats(effect.hit, effect.damage)}"
        return text
    if isinstance(effect, n.Shift):
        spaces = _plural(effect.spaces, "space", "spaces")
        if effect.towards:
            return f"pull {print_selector(effect.target)} {spaces} towards you"
        return f"push {print_selector(effect.target)} {spaces} away from you"
    if isinstance(effect, n.Suffer):
        wounds = _plural(effect.wounds, "wound", "wounds")
        if effect.target.quantity == "self":
            return f"suffer {wounds}"
        return f"{print_selector(effect.target)} suffers {wounds}"
    if isinstance(effect, n.Reroll):
        return f"roll one of your {effect.dice} dice again"
    if isinstance(effect, n.Ward):
        return "prevent the first wound you would suffer"
    if isinstance(effect, n.Boost):
        rng = f"{effect.range} " if effect.range else ""
        if effect.stat == "roll":
            return f"add {effect.amount} to your {rng}attack rolls"
        if effect.stat == "damage":
            return f"your {rng}attacks deal +{effect.amount} Damage"
        return f"add {effect.amount} to your Move"
    if isinstance(effect, n.Until):
        return f"{DURATION_TEXT[effect.duration]}, {print_effects(effect.effects)}"
    if isinstance(effect, n.Rider):
        cond = {"rolled": f"you rolled a {effect.face}", "hits": "it hits",
                "slays": "this attack slays the target"}[effect.cond]
        return f"if {cond}, {print_effects(effect.effects)}"
    raise TypeError(effect)  # pragma: no cover


MODALS = (n.Until, n.Rider)


def sentences(effects) -> list[list]:
    """The effects cut into sentences: a duration or a rider runs to the end of its own."""
    out: list[list] = [[]]
    for e in effects:
        if isinstance(e, MODALS) and out[-1]:
            out.append([])
        out[-1].append(e)
        if isinstance(e, MODALS):
            out.append([])
    return [s for s in out if s]


def print_effects(effects) -> str:
    return " and ".join(print_effect(e) for e in effects)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def print_body(effects, limit: str | None = None, first_capital: bool = True) -> str:
    parts = [print_effects(s) for s in sentences(effects)]
    text = ". ".join(_cap(p) if i or first_capital else p for i, p in enumerate(parts)) + "."
    return text + (" Only once per turn." if limit == "turn" else "")


def print_event(ability: n.Trigger) -> str:
    if ability.event == "turn_end":
        return "At the end of your turn"
    text = f"Every time you {EVENT_TEXT[ability.event]}"
    return text + (f" with {_article(ability.range)} {ability.range} attack"
                   if ability.range else "")


def print_ability(ability) -> str:
    if isinstance(ability, n.Action):
        head = f"{ability.name} {print_cost(ability.cost)}" if ability.name else \
            print_cost(ability.cost)
        return f"{head}: {print_body(ability.effects, ability.limit)}"
    if isinstance(ability, n.Spend):
        return (f"Spend a hero die {print_cost(ability.cost)} to "
                f"{print_body(ability.effects, ability.limit, first_capital=False)}")
    if isinstance(ability, n.Constant):
        return print_body(ability.effects)
    return f"{print_event(ability)}, {print_body(ability.effects, first_capital=False)}"
