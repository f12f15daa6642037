"""The AST of a Delve ability. Spans are 0-based ``(start, end)`` offsets into the text; they
are not part of equality, so a parsed and a built ability compare equal."""

from __future__ import annotations

from dataclasses import dataclass, field


def _span():
    return field(default=(0, 0), compare=False, repr=False)


RANGES = ("combat", "missile", "area")
TARGETS = ("adjacent", "visible", "each")
EVENTS = ("slay", "explored", "recuperated", "turn_end")
# who a selector picks (issue 32): how many, of which side, filtered how
QUANTITIES = ("one", "each", "up_to", "another", "each_other", "target", "them", "self")
SIDES = ("adversary", "hero")
FILTERS = ("adjacent", "adjacent_target", "within", "chamber", "visible")
DURATIONS = ("end_of_turn", "end_of_round", "next_turn")
CONDITIONS = ("rolled", "hits", "slays")
STATS = ("roll", "damage", "move")


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
class Filter:
    """``adjacent`` (to you), ``adjacent_target`` (to the attack's target), ``within`` N
    spaces of you, in this ``chamber``, ``visible`` (in line of sight)."""

    kind: str
    n: int = 0
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Selector:
    """Who an effect picks: ``quantity`` (one, each, up_to ``count``, another, each_other; or
    the attack's ``target``, ``them`` (the previous selector's figures), ``self``), a
    ``side`` (adversary or hero; None for target/them/self) and filters, kept in one
    canonical order."""

    quantity: str
    side: str | None = None
    count: int = 1
    filters: tuple = ()
    span: tuple[int, int] = _span()
    count_span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Heal:
    wounds: int
    on: Selector | None = None     # None: the hero itself
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


@dataclass(frozen=True)
class Strike:
    """``make a combat attack [against <selector>][, Hit N+, Damage N]``: without Hit and
    Damage the hero's own first weapon action of that range is used."""

    range: str
    target: Selector | None = None
    hit: int | None = None
    damage: int | None = None
    span: tuple[int, int] = _span()
    hit_span: tuple[int, int] = _span()
    damage_span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Shift:
    """``push <selector> N spaces away from you`` / ``pull <selector> N spaces towards you``
    (also ``<selector> moves N spaces towards you``)."""

    target: Selector
    spaces: int
    towards: bool
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Suffer:
    """``<selector> suffers N wounds`` (``you suffer N wounds``: the selector is ``self``)."""

    target: Selector
    wounds: int
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Reroll:
    """``roll one of your spent dice again`` (``spent``) / ``… unspent dice`` (``unspent``)."""

    dice: str
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Ward:
    """``prevent the first wound you would suffer`` (lasting: under a duration)."""

    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Boost:
    """``add N to your [range] attack rolls`` (roll), ``your [range] attacks deal +N Damage``
    (damage), ``add N to your Move`` (move): lasting, under a duration or constant."""

    stat: str
    amount: int
    range: str | None = None
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Until:
    """``until the end of your turn, …``: lasting effects that expire."""

    duration: str
    effects: tuple
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Rider:
    """``if you rolled a 6, …`` / ``if it hits, …`` / ``if this attack slays the target, …``:
    effects that follow the roll of the effect before."""

    cond: str
    face: int | None
    effects: tuple
    span: tuple[int, int] = _span()
    face_span: tuple[int, int] = _span()


Effect = (Explore | Move | Heal | Attack | Renown | Skill | Strike | Shift | Suffer | Reroll
          | Ward | Boost | Until | Rider)


@dataclass(frozen=True)
class Action:
    """``Shield Wall (5+): …`` — a named action whose header is its cost."""

    name: str            # "" for a nameless header, ``(5+): …``
    cost: Cost
    effects: tuple
    limit: str | None = None      # "turn": ``Only once per turn.``
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Spend:
    """``Spend a hero die (4+) to …``."""

    cost: Cost
    effects: tuple
    limit: str | None = None
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Trigger:
    """``Every time you slay an adversary [with a missile attack], …`` (a hero's renown
    rule), or ``At the end of your turn, …`` (event ``turn_end``)."""

    event: str  # one of EVENTS
    effects: tuple
    range: str | None = None     # slay: only with an attack of this range
    span: tuple[int, int] = _span()


@dataclass(frozen=True)
class Constant:
    """A rule that always holds, no cost: ``Add 1 to your missile attack rolls.``"""

    effects: tuple
    span: tuple[int, int] = _span()


Ability = Action | Spend | Trigger | Constant
