"""Semantic checks of an ability (docs/language-reference.md section 17, plus the activation
rules of seed 002). Each check has its own diagnostic code; see docs/diagnostics.md.

A check yields ``Finding(code, message, span, hint, severity)``; the caller maps the span
(offsets into the ability text) to ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from runeforge.dsl.errors import suggest
from runeforge.dsl.runebound import nodes as n

from . import core as checks_core  # issue 32 (part III): the compositional core
from . import decks as checks_decks  # family 5/6 (issue 21)
from . import limited as checks_limited  # issue 32 (stop 51): a limit before a trigger
from . import movewhen as checks_movewhen  # branch runs: movement in a trigger
from . import phasetrig as checks_phasetrig  # branch runs: a trigger bound to a phase
from . import prohib as checks_prohib  # issue 32 (session prohib): this Item's own rule
from . import rbattack2 as checks_rbattack2  # branch rbattack2: an attack's result by its kind
from . import rbcost as checks_rbcost  # branch rbcost: a cost after an opener
from . import rbdamage as checks_rbdamage  # branch rbdamage: how an attack's wounds are counted
from . import rblimits as checks_rblimits  # branch rblimits: carrying limits
from . import rbmarket as checks_rbmarket  # branch rbmarket: sell and heal prices
from . import rbmodi as checks_rbmodi  # branch rbmodi: modifiers the engine cannot run
from . import rbnp as checks_rbnp  # branch rbnp: recipients coordinated with "or"
from . import rbroll as checks_rbroll  # branch rbroll: the skill of a test's trigger
from . import rbseven as checks_rbseven  # branch rbseven: "this phase"
from . import rbsix2 as checks_rbsix2  # branch rbsix2: adventure cards' constructions
from . import rbsubj as checks_rbsubj  # branch rbsubj: who may not attack, and when
from . import rbtime as checks_rbtime  # branch rbtime: a moment of a combat as a condition
from . import rbwho as checks_rbwho  # branch rbwho: "hire this Ally" on an Ally only
from . import rbwound as checks_rbwound  # branch rbwound: the first wounds cancelled
from . import skills as checks_skills  # issue 32 (session skills): a skill a card gives
from . import trig as checks_trig  # issue 32 (branch rbtrig): clauses of this Ally, attacks
from . import trig2 as checks_trig2  # issue 32 (branch rbtrig2): escapes, tests' results
from . import turnend as checks_turnend  # branch runs: a rule given as the turn ends
from . import when as checks_when  # issue 32 (session when): triggers on a test
from .branching import check_branching  # families 1-3 (issue 21)
from .combat import check_combat
from .selfref import check_text as check_self_text  # issue 32 (session self)

PHASE_TAGS = ("ranged", "melee", "magic")
HEROIC_KINDS = ("hero", "ally")
ADVENTURE_KINDS = ("challenge", "event", "encounter")
# stats a subject can receive a modifier to; anything else is RF410
_FIGURE_STATS = {"mind", "body", "spirit", "life", "stamina", "ranged_damage", "melee_damage",
                 "magic_damage", "ranged_roll", "melee_roll", "magic_roll"}
_SUBJECT_STATS = {
    "you": _FIGURE_STATS | {"movement_dice", "escape_roll"},  # only a Hero escapes
    "hero": _FIGURE_STATS | {"movement_dice", "escape_roll"},
    # branch rbsix2: "Until this event is replaced, all Heroes roll one fewer movement die."
    # (the movement step reads each Hero's own movement_dice, the active event's rules among them)
    "each_hero": _FIGURE_STATS | {"movement_dice"},
    "enemy": _FIGURE_STATS - {"stamina"},
    "this_challenge": _FIGURE_STATS - {"stamina"},  # issue 32: a challenge's own text
}


@dataclass(frozen=True)
class Finding:
    """A problem one check found in an ability, located by its span in the ability's text."""

    code: str
    message: str
    span: Optional[tuple[int, int]]
    hint: Optional[str] = None
    severity: str = "error"


@dataclass(frozen=True)
class CardContext:
    """What the checks know of the card an ability is on: its kind, usage and stamina."""

    kind: str
    usage: Optional[str] = None
    stamina: Optional[int] = None
    skills: frozenset = frozenset()


def check_ability(a: n.Ability, ctx: CardContext) -> Iterator[Finding]:
    nodes = n.ability_nodes(a)  # source order, walked once
    woken = _woken(nodes)  # the checks that read a node type of this ability (issue 38)
    yield from _phase_tag(a, nodes)
    yield from _usage(a, ctx)
    if _reaction in woken:
        yield from _reaction(a, nodes)
    yield from _x_binding(a, nodes)
    if _outcomes in woken:
        yield from _outcomes(nodes)
    if _tests in woken:
        yield from _tests(nodes, ctx)
    if _modifiers in woken:
        yield from _modifiers(nodes)
    yield from _limits(a, ctx)
    if check_branching in woken:
        yield from check_branching(a, ctx, nodes, Finding)  # families 1-3 (issue 21)
    if check_combat in woken:
        yield from check_combat(a, nodes, ctx, Finding)  # ---- family 7: combat
    yield from check_place(a, ctx, nodes, Finding)  # family 4/8/9 (place.py)
    if checks_decks in woken:
        yield from checks_decks.check(a, ctx, nodes, Finding)  # family 5/6 (issue 21)
    yield from checks_core.check(a, ctx, nodes, Finding)  # issue 32: the compositional core
    if checks_when in woken:
        yield from checks_when.check(a, ctx, nodes, Finding)  # issue 32 (session when): tests
    if checks_trig in woken:
        yield from checks_trig.check(a, ctx, nodes, Finding)  # issue 32 (branch rbtrig)
    if checks_prohib in woken:
        yield from checks_prohib.check(a, ctx, nodes, Finding)  # issue 32 (session prohib)
    if checks_limited in woken:
        yield from checks_limited.check(a, ctx, nodes, Finding)  # issue 32 (stop 51)
    if checks_skills in woken:
        yield from checks_skills.check(a, ctx, nodes, Finding)  # issue 32 (session skills)
    if checks_rbnp in woken:
        yield from checks_rbnp.check(a, ctx, nodes, Finding)  # branch rbnp: "your Hero or ..."
    if checks_trig2 in woken:
        yield from checks_trig2.check(a, ctx, nodes, Finding)  # issue 32 (branch rbtrig2)
    if checks_rbcost in woken:
        yield from checks_rbcost.check(a, ctx, nodes, Finding)  # branch rbcost: opener's costs
    if checks_rbmodi in woken:
        yield from checks_rbmodi.check(a, ctx, nodes, Finding)  # branch rbmodi: modifiers
    if checks_phasetrig in woken:
        yield from checks_phasetrig.check(a, ctx, nodes, Finding)  # branch runs (RF561)
    if checks_rbsix2 in woken:
        yield from checks_rbsix2.check(a, ctx, nodes, Finding)  # branch rbsix2: adventure cards
    if checks_rbseven in woken:
        yield from checks_rbseven.check(a, ctx, nodes, Finding)  # branch rbseven: "this phase"
    if checks_rbtime in woken:
        yield from checks_rbtime.check(a, ctx, nodes, Finding)  # branch rbtime: RF567
    if checks_rbwound in woken:
        yield from checks_rbwound.check(a, ctx, nodes, Finding)  # branch rbwound: RF576-RF578
    if checks_rblimits in woken:
        yield from checks_rblimits.check(a, ctx, nodes, Finding)  # branch rblimits: RF585-RF587
    if checks_rbmarket in woken:
        yield from checks_rbmarket.check(a, ctx, nodes, Finding)  # branch rbmarket: RF570-1
    if checks_rbroll in woken:
        yield from checks_rbroll.check(a, ctx, nodes, Finding)  # branch rbroll: RF408
    if checks_rbsubj in woken:
        yield from checks_rbsubj.check(a, ctx, nodes, Finding)  # branch rbsubj: RF534-RF536
    if checks_rbwho in woken:
        yield from checks_rbwho.check(a, ctx, nodes, Finding)  # branch rbwho: RF541
    if checks_rbdamage in woken:
        yield from checks_rbdamage.check(a, ctx, nodes, Finding)  # branch rbdamage: RF554-6
    if checks_rbattack2 in woken:
        yield from checks_rbattack2.check(a, ctx, nodes, Finding)  # branch rbattack2: RF543


def _woken(nodes) -> set:
    """The checks of GATED that read a node type of ``nodes``: the others find nothing there.
    Each type's checks are looked up once (INDEX); an ability has a few types."""
    woken = set()
    for kind in {type(node) for node in nodes}:
        found = INDEX.get(kind)
        if found is None:
            found = INDEX[kind] = frozenset(check for check, types in GATED.items()
                                            if issubclass(kind, types))
        woken |= found
    return woken


def check_compiled(ir: dict, ctx: CardContext, text: str) -> list[Finding]:
    """The checks of an ability's compiled IR against what the engine runs for its kind of
    card (:mod:`.windows`, docs/windows.md)."""
    return [*check_windows(ir, ctx.kind, text, Finding),
            *check_runs(ir, ctx.kind, text, Finding),
            *checks_movewhen.check(ir, ctx.kind, text, Finding),  # branch runs: RF562
            *checks_turnend.check(ir, ctx.kind, text, Finding),  # branch runs: RF563
            *check_self_text(text, ctx.kind, Finding)]  # issue 32 (session self)


def _phase_tag(a: n.Ability, nodes):
    """1. Ranged:/Melee:/Magic: never act in Before Combat, nor attack in another phase."""
    if a.tag not in PHASE_TAGS:
        return
    if "before_combat" in a.limits:
        yield Finding("RF401", f"a '{a.tag.title()}:' ability cannot be used in Before Combat",
                      a.limits_span, hint="use 'Any Phase:' or drop \"Once during 'Before Combat'\"")
    for node in nodes:
        if isinstance(node, n.Attack) and node.phase != a.tag:
            yield Finding("RF401",
                          f"a '{a.tag.title()}:' ability cannot make a {node.phase} attack",
                          node.span, hint=f"make a {a.tag} attack, or tag it "
                                          f"'{node.phase.title()}:'")


def _usage(a: n.Ability, ctx: CardContext):
    """2. Activate needs usage activated, Discard needs one-use; constant has neither."""
    for c in a.costs:
        if not isinstance(c, (n.Activate, n.DiscardCard)):
            continue
        word = "Activate" if isinstance(c, n.Activate) else "Discard"
        done = "activated" if word == "Activate" else "discarded"
        if ctx.kind == "ally" and isinstance(c, n.DiscardCard) and c.this_card:
            continue  # "discard this Ally to ...": the Ally is discarded (issue 32, lang4)
        if ctx.kind in HEROIC_KINDS:
            article = "an" if ctx.kind[0] in "aeiou" else "a"
            yield Finding("RF411", f"{article} {ctx.kind} card is never {done} as a cost",
                          c.span, hint="only items are activated (usage: activated) or "
                                       "discarded (usage: one-use); use 'take N exhaustion'")
        elif ctx.kind in ADVENTURE_KINDS:
            yield Finding("RF402", f"'{word}' on a {ctx.kind} card: it has no usage",
                          c.span, hint="adventure cards are not activated or discarded")
        elif ctx.kind == "item":
            need = "activated" if word == "Activate" else "one-use"
            if ctx.usage != need:
                yield Finding("RF402", f"'{word}' needs usage: {need}, but this item is "
                                       f"{ctx.usage or 'without usage'}", c.span,
                              hint=f"set 'usage: {need}' or remove '{word}'")


def _reaction(a: n.Ability, nodes):
    """3. Cancel ... being inflicted only where wounds are being inflicted."""
    if not any(isinstance(node, n.Cancel) for node in nodes):
        return  # nothing to place: no second walk
    window = a.window
    for s in a.sentences:
        for node, outer in n.within_scopes(s, n.Cancel):
            if outer is not None:
                yield Finding("RF403", f"'cancel' inside {outer}: no wounds are being "
                                       "inflicted there", node.span,
                              hint="a cancel reacts to wounds being inflicted; put it in its "
                                   "own sentence")
            elif window is not None:
                yield Finding("RF403", f"'cancel' in the window '{window.replace('_', ' ')}': "
                                       "no wounds are being inflicted then", node.span,
                              hint="drop the window; a cancel is used when wounds are "
                                   "inflicted")


def _x_binding(a: n.Ability, nodes):
    """4. X must be bound by a cost of the same ability; an unused binding is a warning."""
    binders = [c for c in a.costs if isinstance(c, (n.Suffer, n.PayGold)) and c.amount.kind == "x"]
    uses = [node for node in nodes if isinstance(node, n.Amount) and node.kind == "x"]
    if not binders:
        for use in uses:
            yield Finding("RF404", "X is not bound: no cost of this ability says 'take X "
                                   "exhaustion' (or X wounds, X gold)", use.span,
                          hint="add a cost such as 'take X exhaustion to ...'")
    elif not uses:
        for b in binders:
            yield Finding("RF405", "X is chosen by this cost but never used", b.span,
                          hint="use X in the effect (e.g. 'inflict X wounds') or write a "
                               "number", severity="warning")


def _outcomes(nodes):
    """5. 'If you succeed/fail' must follow an attack or a test in the same ability."""
    seen = False
    for node in nodes:
        if isinstance(node, (n.Attack, n.Test)):
            seen = True
        elif isinstance(node, n.Outcome) and not seen:
            word = "succeed" if node.outcome == "success" else "fail"
            hint = "make an attack or a test first, e.g. 'Test Body (12). If you fail, take 1 " \
                "wound.'"
            if node.whose == "this_ally":  # branch rbnp: this Ally's own attack, in its phase
                hint = ("say it as a trigger: 'Every time this Ally attacks and "
                        f"{'succeeds' if word == 'succeed' else 'fails'}, ...', or make the "
                        "attack first ('Make a melee attack. If this Ally's attack succeeds, ...')")
            yield Finding("RF406", f"'If you {word}' has no attack or test before it",
                          node.span, hint=hint)


def _tests(nodes, ctx: CardContext):
    """6. Skill tests are taken by Heroes only; a skill must be declared."""
    for node in nodes:
        if not isinstance(node, n.Test):
            continue
        if ctx.kind == "ally":
            yield Finding("RF407", "Allies never take skill tests, so an Ally card cannot "
                                   "ask for one", node.span,
                          hint="put the test on the adventure card or an item the Hero uses")
        if node.skill and node.skill.lower() not in {s.lower() for s in ctx.skills}:
            near = suggest(node.skill, ctx.skills)
            yield Finding("RF408", f"unknown skill '{node.skill}'", node.span,
                          hint=f"did you mean '{near}'?" if near else
                          "declare it in the pack's manifest under 'skills:'")


def _modifiers(nodes):
    """8. A stat the subject does not have."""
    for node in nodes:
        if isinstance(node, n.Modifier):
            allowed = _SUBJECT_STATS.get(node.subject, _FIGURE_STATS)
            if node.stat not in allowed:
                who = node.subject.replace("_", " ")
                yield Finding("RF410", f"{who} has no {node.stat.replace('_', ' ')} to modify",
                              node.span, hint="modify one of: " + ", ".join(sorted(allowed)))


def _limits(a: n.Ability, ctx: CardContext):
    """7. 'Once per combat round' on a phase-tagged ability is redundant; costs the Hero
    can never pay; limits that activation already imposes."""
    if a.tag in PHASE_TAGS and "round" in a.limits:
        yield Finding("RF409", "'Once per combat round' is redundant: a phase-tagged ability "
                               "can only be used in its phase, once a round", a.limits_span,
                      hint="drop the limit", severity="warning")
    if ctx.kind == "hero" and ctx.stamina is not None:
        for c in a.costs:
            if (isinstance(c, n.Suffer) and c.token == "exhaustion"
                    and c.amount.kind == "fixed" and c.amount.values[0] > ctx.stamina):
                yield Finding("RF412", f"this cost needs {c.amount.values[0]} exhaustion but "
                                       f"the Hero's Stamina is {ctx.stamina}", c.span,
                              hint="exhaustion that would turn into wounds can never be chosen")
    spent = any(isinstance(c, (n.Activate, n.DiscardCard)) for c in a.costs)
    if spent and a.limits:
        yield Finding("RF413", "limit is redundant: an activated or one-use card can be used "
                               "once until it is refreshed", a.limits_span, hint="drop the limit",
                      severity="warning")


# issue 38: the checks that read only some node types (a module's NODES, or the types named
# here for the checks above), run by check_ability only on an ability that has one of them
# (tests/test_checks_gated.py runs each ungated over the corpus to show that it finds nothing
# else); a check that starts reading another type adds it to its NODES
GATED: dict = {_reaction: (n.Cancel,), _outcomes: (n.Outcome,), _tests: (n.Test,),
               _modifiers: (n.Modifier,), check_combat: n.COMBAT_CLAUSES,
               check_branching: (n.Condition, n.Choice, n.DieTable, n.WhileState)}
GATED.update((module, module.NODES) for module in (
    checks_decks, checks_when, checks_trig, checks_prohib, checks_limited, checks_skills,
    checks_rbnp, checks_trig2, checks_rbcost, checks_rbmodi, checks_phasetrig, checks_rbsix2,
    checks_rbseven, checks_rbtime, checks_rbwound, checks_rbmarket))
GATED[checks_rblimits] = checks_rblimits.NODES  # branch rblimits
GATED[checks_rbroll] = checks_rbroll.NODES  # branch rbroll
GATED[checks_rbsubj] = checks_rbsubj.NODES  # branch rbsubj
GATED[checks_rbwho] = checks_rbwho.NODES  # branch rbwho
GATED[checks_rbdamage] = checks_rbdamage.NODES  # branch rbdamage
GATED[checks_rbattack2] = checks_rbattack2.NODES  # branch rbattack2
INDEX: dict = {}  # node type -> the checks of GATED it wakes (made as a type is first seen)


from .place import check_place  # noqa: E402  family 4/8/9 (issue 21)
from .windows import check_runs, check_windows  # noqa: E402  the table of card windows


def _install_counters() -> None:
    """issue 32 (branch rbboard): the checks of the board's adventure counters (counters.py)
    join family 4/9's table of checks by node (place.py)."""
    from . import counters, place

    counters.install(place._CHECKS)


_install_counters()


def _install_rbmove() -> None:
    """branch rbmove: the checks of a Hero moved to a space of a terrain (rbmove.py) join
    family 4's table of checks by node (place.py)."""
    from . import place, rbmove

    rbmove.install(place._CHECKS)


_install_rbmove()
