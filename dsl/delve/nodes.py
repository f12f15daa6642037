"""The AST of a Delve ability. Spans are 0-based ``(start, end)`` offsets into the text; they
are not part of equality, so a parsed and a built ability compare equal."""

from __future__ import annotations

from dataclasses import field

from ..nodeclass import astnode


def _span():
    return field(default=(0, 0), compare=False, repr=False)


RANGES = ("combat", "missile", "area")
TARGETS = ("adjacent", "visible", "each")
# when a trigger fires: the hero's own events, the clock, and what happens to a figure
EVENTS = ("slay", "explored", "recuperated", "turn_end", "turn_start", "round_start",
          "round_end", "phase_start", "phase_end", "wounded", "slain", "attacks",
          "pushed", "pulled",
          "activated", "approached", "missed",
          "spent",
          "healed", "skill",
          "move_ended",  # branch dmove
          "wounds")  # branch dhero: another hero healed, a skill gained; a hero die spent (issue 32, session delve9)  # an adversary moved by a push or a pull (issue 32, delveg)
# who a selector picks (issue 32): how many, of which side, filtered how. ``n``: exactly
# ``count`` figures ("two visible adversaries"); ``nearest``: the nearest one; ``it`` and
# ``that``: a pronoun (the figure picked last, or on an adversary's card the adversary);
# ``self``: "yourself" (side None) or "this adversary"; ``slayer``/``attacked``: the hero of
# the trigger's event ("the hero who slew it", "the hero it attacked").
QUANTITIES = ("one", "each", "up_to", "n", "another", "each_other", "nearest", "target",
              "them", "that", "it", "self", "slayer", "attacked",
              "wounder",   # "the hero that wounded it" (branch dsight)
              "most", "fewest")  # "the hero with the most wounds" (issue 32, session delve8)
RANKS = ("wounds", "renown", "vigour")   # what "the most" / "the fewest" counts (``rank``)
SIDES = ("adversary", "hero")
FILTERS = ("adjacent", "adjacent_target", "within", "chamber", "visible", "wounded", "other",
           "wounds",  # "wounds": with N (2 or more) or more wounds (issue 32, session lang4)
           "vigour",  # "vigour": with N or more Vigour (issue 32, session delve7)
           "wounds_up_to", "vigour_up_to", "unwounded")  # at most (issue 32, session delve11)
REFS = ("", "it", "adversary", "target")   # a filter's figure: you, it, this adversary, the target
DURATIONS = ("end_of_turn", "end_of_round", "next_turn", "end_of_phase")
CONDITIONS = ("rolled", "hits", "slays", "misses")   # misses: branch delveheroes
STATE_CONDITIONS = ("rolled_up", "none", "some", "wounds")
STATS = ("roll", "damage", "move")


@astnode
class Cost:
    """One hero die showing at least ``need``; ``escalating`` is the ``*`` of ``(1+*)``."""

    need: int
    escalating: bool = False
    span: tuple[int, int] = _span()
    need_span: tuple[int, int] = _span()
    star_span: tuple[int, int] = _span()


@astnode
class Explore:
    """``explore a chamber``."""

    span: tuple[int, int] = _span()


@astnode
class Move:
    """``move up to N spaces`` (you); issue 32 (session lang4): other heroes move too, ``move
    another hero up to 2 spaces`` (``on``: you choose where) and ``each hero in this chamber
    may move up to 2 spaces`` (``their``: each of them chooses)."""

    up_to: int
    span: tuple[int, int] = _span()
    on: Selector | None = None
    their: bool = False
    # branch dmove: "… through other figures" (figures, heroes, adversaries: passage_dmove.py)
    through: str = ""
    through_obstacles: bool = field(default=False, compare=False, repr=False)


@astnode
class Filter:
    """``adjacent`` (to you), ``adjacent_target`` (to the attack's target), ``within`` N
    spaces of you, in this ``chamber``, ``visible`` (in line of sight)."""

    kind: str
    n: int = 0
    span: tuple[int, int] = _span()
    ref: str = ""          # adjacent / within: "" you, "it", "adversary" (this one), "target"


@astnode
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
    union: tuple = ()      # "yourself or a hero adjacent to you": the other selectors
    rank: str = ""         # most / fewest: what is counted (RANKS; issue 32, session delve8)


@astnode
class Heal:
    """``heal N wounds`` (of ``on``; None: the hero itself)."""

    wounds: int
    on: Selector | None = None     # None: the hero itself
    span: tuple[int, int] = _span()
    for_each: Selector | None = None   # "… for each <who>": times their count (delve12)


@astnode
class Attack:
    """``attack <target>: <range>, <hit>/<damage>``: an attack at a range, its hit and damage."""

    target: str  # one of TARGETS
    range: str  # one of RANGES
    hit: int
    damage: int
    span: tuple[int, int] = _span()
    target_span: tuple[int, int] = _span()
    hit_span: tuple[int, int] = _span()
    damage_span: tuple[int, int] = _span()
    best_of: int = 1      # "Roll two dice and use the higher result." (issue 32, delve9)


@astnode
class Renown:
    """``gain N renown`` (``on``: who gains it; None: you)."""

    amount: int
    span: tuple[int, int] = _span()
    on: Selector | None = None      # None: you; "the hero who slew it gains 1 renown"
    for_each: Selector | None = None   # "… for each <who>": times their count (delve12)


@astnode
class Skill:
    """``gain a skill``."""

    span: tuple[int, int] = _span()


@astnode
class Strike:
    """``make a combat attack [against <selector>][, Hit N+, Damage N]``: without Hit and
    Damage the hero's own first weapon action of that range is used. ``range`` None: ``attack
    <who>``, with the first weapon that reaches one of them (issue 32, session delve8);
    ``by``: the adversary whose card holds it attacks (``this adversary makes a missile
    attack against each visible hero``), with its own weapons."""

    range: str | None
    target: Selector | None = None
    hit: int | None = None
    damage: int | None = None
    span: tuple[int, int] = _span()
    hit_span: tuple[int, int] = _span()
    damage_span: tuple[int, int] = _span()
    by: Selector | None = None
    best_of: int = 1      # "Roll two dice and use the higher result." (issue 32, delve9)


@astnode
class Shift:
    """``push <selector> N spaces away from you`` / ``pull <selector> N spaces towards you``
    (also ``<selector> moves N spaces towards you``)."""

    target: Selector
    spaces: int
    towards: bool | None           # None: no direction given (the checks refuse it)
    span: tuple[int, int] = _span()
    ref: Selector | None = None    # towards / away from whom: None is you (push, pull)


@astnode
class Suffer:
    """``<selector> suffers N wounds`` (``you suffer N wounds``: the selector is ``self``)."""

    target: Selector
    wounds: int
    span: tuple[int, int] = _span()
    for_each: Selector | None = None   # "… for each <who>": times their count (delve12)


@astnode
class Reroll:
    """``roll one of your spent dice again`` (``spent``) / ``… unspent dice`` (``unspent``)."""

    dice: str
    span: tuple[int, int] = _span()
    best_of: int = 1      # "Roll two dice and use the higher result." (issue 32, delve9)


@astnode
class Ward:
    """``prevent the first wound you would suffer`` (lasting: under a duration), ``… <who>
    would suffer``, ``ignore the first wound it suffers each round`` (``per``: a constant
    that comes back each round or turn)."""

    span: tuple[int, int] = _span()
    on: Selector | None = None
    per: str | None = None          # "round" / "turn"
    wounds: int = 1                 # "prevent the first 2 wounds ..." (issue 32, lang4)


@astnode
class Pick:
    """``choose <who>``: the figures later effects call "it", "that hero", "each of them"."""

    target: Selector
    span: tuple[int, int] = _span()


@astnode
class Root:
    """``<who> cannot move`` (lasting, under a duration)."""

    target: Selector
    span: tuple[int, int] = _span()


@astnode
class Steadfast:
    """``<who> cannot be pushed [or pulled]``: a rule of an adversary."""

    on: Selector | None
    pushed: bool
    pulled: bool
    span: tuple[int, int] = _span()


@astnode
class Immune:
    """``<who> is immune to <range> attacks`` / ``<range> attacks do not affect <who>``."""

    on: Selector | None
    range: str
    span: tuple[int, int] = _span()


@astnode
class Guard:
    """Attacks against an adversary: ``<range> attacks against this adversary subtract 1
    from their rolls`` (stat roll, amount -1), ``… deal 1 additional damage to it`` (damage)."""

    on: Selector
    stat: str                       # roll / damage
    amount: int                     # signed
    range: str | None = None
    span: tuple[int, int] = _span()


@astnode
class Pin:
    """``heroes within 2 spaces of this adversary are pinned``: a rule of an adversary."""

    target: Selector
    span: tuple[int, int] = _span()


@astnode
class Boost:
    """``add N to your [range] attack rolls`` (roll), ``your [range] attacks deal +N Damage``
    (damage), ``add N to your Move`` (move): lasting, under a duration or constant."""

    stat: str
    amount: int
    range: str | None = None
    span: tuple[int, int] = _span()
    against: Selector | None = None  # "… against adversaries with 2 or more wounds" (lang4)
    on: Selector | None = None       # "this adversary moves 2 additional spaces" (delve8)
    next: bool = False               # "your next attack …": one attack only (delveheroes)


@astnode
class Until:
    """``until the end of your turn, …``: lasting effects that expire."""

    duration: str
    effects: tuple
    span: tuple[int, int] = _span()


@astnode
class Rider:
    """``if you rolled a 6, …`` / ``if it hits, …`` / ``if this attack slays the target, …``:
    effects that follow the roll of the effect before."""

    cond: str
    face: int | None
    effects: tuple
    span: tuple[int, int] = _span()
    face_span: tuple[int, int] = _span()
    who: Selector | None = None     # none / some: the figures counted; wounds: whose
    n: int = 0                      # some: at least n; wounds: at least n
    instead: tuple | None = None    # "… instead": the effects it replaces (delveseven)


@astnode
class Forbid:
    """``heroes adjacent to this adversary cannot heal wounds`` (``act``: heal, recuperate,
    explore): a rule of an adversary (issue 32, session delveg)."""

    target: Selector
    act: str
    span: tuple[int, int] = _span()


FORBIDDEN = ("heal", "recuperate", "explore")


@astnode
class Hamper:
    """``heroes adjacent to this adversary subtract 1 from their [range] attack rolls``: a
    rule of an adversary on the attacks the heroes it names make (issue 32, session delveg);
    ``amount`` is signed (negative)."""

    target: Selector
    amount: int
    range: str | None = None
    span: tuple[int, int] = _span()


@astnode
class Unpinned:
    """``you are never pinned`` / ``you cannot be pinned``: a rule of a hero's card (issue
    32, session delveg): its Move never pays the pinned cost (A5)."""

    span: tuple[int, int] = _span()


Effect = (Explore | Move | Heal | Attack | Renown | Skill | Strike | Shift | Suffer | Reroll
          | Ward | Boost | Until | Rider | Pick | Root | Steadfast | Immune | Guard | Pin
          | Forbid | Unpinned | Hamper)


@astnode
class Action:
    """``Shield Wall (5+): …`` — a named action whose header is its cost."""

    name: str            # "" for a nameless header, ``(5+): …``
    cost: Cost
    effects: tuple
    limit: str | None = None      # "turn": ``Only once per turn.``
    span: tuple[int, int] = _span()


@astnode
class Spend:
    """``Spend a hero die (4+) to …``."""

    cost: Cost
    effects: tuple
    limit: str | None = None
    span: tuple[int, int] = _span()


@astnode
class Trigger:
    """``Every time you slay an adversary [with a missile attack], …`` (a hero's renown
    rule), or ``At the end of your turn, …`` (event ``turn_end``)."""

    event: str  # one of EVENTS
    effects: tuple
    range: str | None = None     # slay: only with an attack of this range
    span: tuple[int, int] = _span()
    who: Selector | None = None  # wounded / slain / attacks: whose event (None: you)
    name: str = ""               # a label: "Renown: Every time …"
    limit: str | None = None     # "turn": fires at most once per turn
    event_span: tuple[int, int] = _span()
    faces: tuple = ()            # spent: the faces that fire it (issue 32, session delve9)


@astnode
class Constant:
    """A rule that always holds, no cost: ``Add 1 to your missile attack rolls.``"""

    effects: tuple
    span: tuple[int, int] = _span()
    name: str = ""
    limit: str | None = None


Ability = Action | Spend | Trigger | Constant
