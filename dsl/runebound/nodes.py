"""AST of the ability language: plain, immutable dataclasses.

Every node has a ``span`` (start, end offsets into the ability text) that is ignored by
equality, so ``parse(print(ast)) == ast`` compares structure only. Enumerated values are
plain strings named as in the effect IR (docs/effect-ir.md), so lowering is direct.

Where two spellings mean the same but are both canonical ("Any Phase:" / "All Phases:",
"Discard" / "Discard this card", a trigger before or after its effect), the node keeps
which one was written so that the printer gives the author's text back.
"""

from __future__ import annotations

from dataclasses import field, fields
from operator import attrgetter
from typing import Optional, Union

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


# ---- amounts and events ---------------------------------------------------------------------

@astnode
class Amount:
    """``kind``: fixed | x | choice | up_to | all | at_least; ``values`` as written."""

    kind: str
    values: tuple[int, ...] = ()
    span: Span = _span()


@astnode
class TakesWounds:
    """Event: ``when <target> takes N wounds`` (in a combat phase, when ``phase``)."""

    target: str
    amount: Amount
    phase: Optional[str] = None
    span: Span = _span()
    attack: bool = False  # branch rbdamage: "... from a single attack" (an attack's wounds)


@astnode
class DefeatChallenge:
    """Event: ``when you defeat a challenge``."""

    span: Span = _span()


@astnode
class KnockedOut:
    """Event: ``when you are knocked out``."""

    span: Span = _span()


Event = Union[TakesWounds, DefeatChallenge, KnockedOut]


# ---- costs (what using the ability costs) -----------------------------------------------------

@astnode
class Activate:
    """Cost: ``activate`` (the card is exhausted)."""

    span: Span = _span()


@astnode
class DiscardCard:
    """Cost: ``discard`` (the card), or ``discard this card`` (``this_card``)."""

    this_card: bool = False
    span: Span = _span()


@astnode
class PayGold:
    """Cost: ``pay N gold``."""

    amount: Amount
    span: Span = _span()


# ---- clauses --------------------------------------------------------------------------------------

@astnode
class Suffer:
    """``Take 1 wound`` (target None: the Hero facing the card) or ``your enemy takes 1 wound``.
    As a cost (before ``to``) it is ``take N exhaustion`` / ``take N wounds``."""

    amount: Amount
    token: str
    target: Optional[str] = None
    span: Span = _span()


@astnode
class Modifier:
    """``<subject> receive(s) +N <stat>``: a bonus or penalty to a statistic."""

    subject: str
    stat: str
    value: int
    span: Span = _span()


@astnode
class CostModifier:
    """``<subjects> cost you N more/less gold`` (``delta``) or ``cost twice as much`` (``factor``)."""

    subjects: tuple[str, ...]
    delta: Optional[int] = None
    factor: Optional[int] = None
    span: Span = _span()
    minimum: Optional[int] = None  # issue 32 (session rbrules): "(to a minimum of 1)"


@astnode
class Attack:
    """``make a <phase> attack`` (with ``bonus`` added to it)."""

    phase: str
    bonus: Optional[int] = None
    span: Span = _span()
    # issue 32 (branch rbtrig): whom the text said it is against ("enemy", "hero"), for the
    # checks only: the attack is the plain one either way (not compared, not printed)
    against: Optional[str] = field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class Inflict:
    """``inflict N wounds on <target>``."""

    amount: Amount
    target: str
    span: Span = _span()


@astnode
class Cancel:
    """``cancel N wounds being inflicted on <target>``."""

    amount: Amount
    target: str
    span: Span = _span()


@astnode
class Heal:
    """``discard N <tokens> (wounds and/or exhaustion) from <target>``."""

    amount: Amount
    tokens: tuple[str, ...]
    target: str
    span: Span = _span()


@astnode
class Test:
    """``test <attribute> [<skill>] (<target_number>)``."""

    attribute: str
    skill: Optional[str]
    target_number: Optional[int]  # None: "Test Mind." said with no number (RF566, rbseven)
    span: Span = _span()


@astnode
class Move:
    """``move N spaces`` (``in any direction``; ``instead_of_rolling`` the movement dice)."""

    amount: Amount
    any_direction: bool = False
    instead_of_rolling: bool = False
    span: Span = _span()


@astnode
class MovementDice:
    """``roll N additional movement dice``."""

    amount: Amount
    span: Span = _span()


@astnode
class GainGold:
    """``gain N gold``."""

    amount: Amount
    span: Span = _span()


@astnode
class DrawMarket:
    """``draw N market cards``."""

    amount: Amount
    span: Span = _span()


@astnode
class Restrict:
    """``action``: escape | ally_attack | buy_items | enter_<terrain> (issue 32)."""

    action: str
    span: Span = _span()


# ---- composite effects --------------------------------------------------------------------------

@astnode
class And:
    """Clauses joined by "and" in one sentence. An And is never an item of an And: the printer
    joins both levels with the same "and", so the parser reads them back as one list."""

    items: tuple["Effect", ...]
    span: Span = _span()

    def __post_init__(self) -> None:
        if any(isinstance(item, And) for item in self.items):
            flat: list = []
            for item in self.items:
                flat.extend(item.items if isinstance(item, And) else (item,))
            object.__setattr__(self, "items", tuple(flat))


@astnode
class MayDo:
    """``you may <effect>``."""

    effect: "Effect"
    span: Span = _span()


@astnode
class Outcome:
    """``If you succeed, ...`` (outcome 'success') / ``If you fail, ...`` ('failure')."""

    outcome: str
    effect: "Effect"
    span: Span = _span()
    # issue 32 (branch rbtrig): "this_ally" when said "If this Ally's attack succeeds," (for
    # the checks only: not compared, not printed)
    whose: Optional[str] = field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class During:
    """``Until the end of this combat, ...``: one duration value over an effect."""

    until: str
    effect: "Effect"
    span: Span = _span()


@astnode
class Trigger:
    """``Every time <event>, <effect>`` (event_first) or ``<effect> every time <event>``."""

    event: Event
    effect: "Effect"
    event_first: bool = True
    span: Span = _span()


Clause = Union[Suffer, Modifier, CostModifier, Attack, Inflict, Cancel, Heal, Test, Move,
               MovementDice, GainGold, DrawMarket, Restrict]
Effect = Union[Clause, And, MayDo, Outcome, During, Trigger]
Cost = Union[Activate, DiscardCard, PayGold, Suffer]


@astnode
class Ability:
    """One ability (one paragraph of a card).

    ``tag``: before_combat | ranged | melee | magic | any_phase | all_phases | None.
    ``limits``: () or a tuple of turn | combat | round | before_combat ("Once ... and once ...").
    ``window``: an untagged window (before_moving, ...) or None.
    ``costs`` and ``cost_style``: 'to' (``Activate to ...``: the first sentence's effect is
    what follows "to") or 'sentence' (``Activate and take 1 exhaustion. Until ...``), or None.
    ``sentences``: one effect per sentence.
    """

    tag: Optional[str] = None
    limits: tuple[str, ...] = ()
    window: Optional[str] = None
    costs: tuple[Cost, ...] = ()
    cost_style: Optional[str] = None
    sentences: tuple[Effect, ...] = ()
    span: Span = _span()
    limits_span: Span = _span()


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(cls: type) -> tuple[str, ...]:
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name not in ("span", "limits_span"))
        _CHILD_FIELDS[cls] = names
    return names


def _is_node(kind: type) -> bool:
    found = _NODE_KIND.get(kind)
    if found is None:
        found = _NODE_KIND[kind] = hasattr(kind, "__dataclass_fields__")
    return found


_NODE_KIND: dict = {}  # type -> is it a node (a dataclass); asked for every field value


def _field_values(cls: type):
    """A function giving the values of ``cls``'s child fields as a tuple, made once a class."""
    names = _child_fields(cls)
    if len(names) > 1:
        get = attrgetter(*names)
    elif names:
        one = attrgetter(names[0])

        def get(node):
            return (one(node),)
    else:
        def get(node):
            return ()
    _FIELD_VALUES[cls] = get
    return get


_FIELD_VALUES: dict = {}  # type -> its _field_values getter


def children(node) -> list:
    """The nodes directly below ``node``, in source order (of every family's nodes).

    Every walk asks it of every node (the parse, the checks and the lowering walk each
    ability): one getter a class and the node-kind table read inline (issue 38)."""
    kind = type(node)
    get = _FIELD_VALUES.get(kind) or _field_values(kind)
    out = []
    is_node = _NODE_KIND.get
    for value in get(node):
        kind = type(value)
        if kind in _LEAVES:
            continue
        if kind is tuple:
            for v in value:
                found = is_node(type(v))
                if found or found is None and _is_node(type(v)):
                    out.append(v)
        else:
            found = is_node(kind)
            if found or found is None and _is_node(kind):
                out.append(value)
    return out


_LEAVES = frozenset({str, int, bool, type(None)})  # field values that are never nodes


# The prefixes that scope what follows them, and how a message names each
SCOPE_NAMES = {Outcome: "an outcome", During: "a duration", Trigger: "a trigger"}


def within_scopes(node, kind: type, outer: Optional[str] = None):
    """Yield (found, scope) for every node of ``kind`` at or below ``node`` (not below a found
    one): ``scope`` names the innermost outcome, duration or trigger around it, or None."""
    stack = [(node, outer)]
    while stack:
        node, outer = stack.pop()
        if isinstance(node, kind):
            yield node, outer
            continue
        inner = SCOPE_NAMES.get(type(node), outer)
        stack.extend((child, inner) for child in reversed(children(node)))


def walk(node):
    """Yield ``node`` and every node below it, depth first, in source order."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


def walk_list(node) -> list:
    """``list(walk(node))``, made without a generator (the parse and ability_nodes walk every
    sentence of every ability)."""
    out = []
    stack = [node]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(children(node)))
    return out


def clauses(node) -> list:
    """The clauses of an effect joined by "and" (nested joins flattened), or the effect alone:
    "+1 Body and +1 Mind." is two always-on clauses, one sentence."""
    if type(node) is And:
        return [c for item in node.items for c in clauses(item)]
    return [node]


def ability_nodes(ability) -> list:
    """Every node of ``ability``'s sentences in source order, walked once per ability: the
    checks and the lowering both read it (kept on the instance; an AST never changes, and a
    field that is not a dataclass field takes no part in equality)."""
    found = ability.__dict__.get("_nodes")
    if found is None:
        found = [node for s in ability.sentences for node in walk_list(s)]
        object.__setattr__(ability, "_nodes", found)
    return found

# ---- issue 32 (branch rbboard): the board's adventure counters
from .nodes_board import (  # noqa: E402,F401
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    GemSpaces,
    PlaceCounter,
    RemoveCounter,
)

# ---- families 1-3: conditions, choices, random tables (issue 21)
from .nodes_branching import Choice, Condition, DieTable, IfState, TableRow, WhileState  # noqa: E402,F401

# ---- family 7: combat
from .nodes_combat import *  # noqa: E402,F401,F403

# ---- issue 32 (part III): the compositional core
from .nodes_core import *  # noqa: E402,F401,F403

# ---- family 5/6: decks and cards, economy and experience (issue 21)
from .nodes_decks import *  # noqa: E402,F401,F403

# ---- issue 32 (session rbdefend): the Hero's defence roll as a trigger event
from .nodes_defend import *  # noqa: E402,F401,F403

# ---- issue 32 (session rbdice): die rolls as authors write them
from .nodes_dice import ThatHero  # noqa: E402,F401
from .nodes_place import (  # noqa: E402,F401  family 4/8/9 (issue 21)
    DiscardEvent,
    DiscardUndefeated,
    DoomTokens,
    EntersSpace,
    MoveTo,
    TerrainRule,
)
from .nodes_rbcost import *  # noqa: E402,F401,F403  branch rbcost: "you rest", "another Hero rests"
from .nodes_rbdamage import *  # noqa: E402,F401,F403  branch rbdamage: an attack's wounds
from .nodes_rblimits import *  # noqa: E402,F401,F403  branch rblimits: carrying limits
from .nodes_rbmarket import *  # noqa: E402,F401,F403  branch rbmarket: sell and heal prices

# ---- branch rbmove: a Hero moved to a space of a terrain
from .nodes_rbmove import *  # noqa: E402,F401,F403

# ---- branch rbwound: cancelling the first wounds of each combat (round)
from .nodes_rbwound import *  # noqa: E402,F401,F403

# ---- issue 32 (session skills): a skill a card gives its Hero
from .nodes_skill import *  # noqa: E402,F401,F403
from .nodes_trig import *  # noqa: E402,F401,F403  issue 32 (branch rbtrig)
from .nodes_trig2 import *  # noqa: E402,F401,F403  issue 32 (branch rbtrig2)

# ---- issue 32 (session when): triggers on a Hero's test
from .nodes_when import *  # noqa: E402,F401,F403
