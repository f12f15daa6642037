"""The AST of a Delve ability. Spans are 0-based ``(start, end)`` offsets into the text; they
are not part of equality, so a parsed and a built ability compare equal."""

from __future__ import annotations

from dataclasses import dataclass, field


def _span():
    return field(default=(0, 0), compare=False, repr=False)


RANGES = ("combat", "missile", "area")
TARGETS = ("adjacent", "visible", "each")
EVENTS = ("slay", "explored", "recuperated")


@dataclass(frozen=True)
class Cost:
    """One hero die showing at least ``need``; ``escalating`` is the ``*`` of ``(1+*)``."""

    need: int
    escalating: bool = False
    span: tuple[int, int] = _span()
    need_span: tuple[int, int] = _span()
    star_span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Explore:
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Move:
    up_to: int
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Heal:
    wounds: int
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Attack:
    target: str  # one of TARGETS
    range: str  # one of RANGES
    hit: int
    damage: int
    span: tuple[int, int] = _span()
    target_span: tuple[int, int] = _span()
    hit_span: tuple[int, int] = _span()
    damage_span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Renown:
    amount: int
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Skill:
    span: tuple[int, int] = _span()


Effect = Explore | Move | Heal | Attack | Renown | Skill


@dataclass(frozen=True)
class Action:
    """``Shield Wall (5+): …`` — a named action whose header is its cost."""

    name: str
    cost: Cost
    effects: tuple
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Spend:
    """``Spend a hero die (4+) to …``."""

    cost: Cost
    effects: tuple
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Trigger:
    """``Every time you slay an adversary, …`` (a hero's renown rule)."""

    event: str  # one of EVENTS
    effects: tuple
    span: tuple[int, int] = _span()


Ability = Action | Spend | Trigger
