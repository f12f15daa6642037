"""Semantic checks of a Delve ability (codes RF901-RF907, RF912-RF918, RF925, RF927, RF928;
see runeforge.diagnostics).

Each check returns :class:`Problem` values located by offsets into the ability text; the
compiler turns them into ``file:line:col`` diagnostics. The die faces are 1 to 6. ``owner``
is the kind of figure whose card holds the ability: ``hero`` (heroes, skills, items) or
``adversary``; what the engine runs for each is in :mod:`.owners`."""

from __future__ import annotations

from . import nodes as n
from .approach import Approach, lure_problems
from .attack_riders import AttackBonus  # issue 32 (session delve11)
from .aura_dhero import is_aura_node  # issue 32 (branch dhero)
from .braced import braced_problems  # issue 32 (branch delveseven)
from .comparisons import filter_problems  # issue 32 (session delve11)
from .dice_ddice import die_problems  # issue 32 (branch ddice)
from .disarm import Disarm, disarm_problems  # issue 32 (branch delve12)
from .discard import discard_problems  # issue 32 (branch delveseven)
from .held_passive import held_boost  # issue 32 (branch delvepassive)
from .hit_dtarget import HitNeed, NextHit, hit_problems, next_hit_problems  # dtarget
from .instead import instead_problems  # issue 32 (branch delveseven)
from .keep_away_dmove import KeepAway  # issue 32 (branch dmove)
from .keep_away_dmove import problems as keep_away_problems
from .marked_ddice import marked_problems  # issue 32 (branch ddice)
from .owners import owner_problems
from .passage_dmove import (
    Passage,  # issue 32 (branch dmove)
    own_root,  # issue 32 (branch dmove): "This adversary does not move."
)
from .passage_dmove import problems as passage_problems
from .per_count import for_each_problems  # issue 32 (branch delve12)
from .pierce import Pierce  # issue 32 (branch delveseven)
from .problems import Problem
from .rolls import RollDie
from .soak import Soak, soak_problems
from .spared_dhero import PINS, Spared  # issue 32 (branch dhero)
from .spent import spent_problems
from .tolls import Toll, toll_problems  # issue 32 (session delve11)
from .unmoved import CONDS as UNMOVED

FACES = 6


def _cost_problems(cost: n.Cost, in_header: bool) -> list[Problem]:
    out = []
    if not 1 <= cost.need <= FACES:
        out.append(Problem("RF901", f"a hero die shows 1 to {FACES}, so the cost "
                           f"({cost.need}+) can never be paid", cost.need_span,
                           f"use a cost from (1+) to ({FACES}+)"))
    if cost.escalating and not in_header:
        out.append(Problem("RF902", "an escalating cost '*' belongs only in an action header",
                           cost.star_span, "write the action as 'Name (N+*): …', or drop '*'"))
    elif cost.escalating and cost.need == FACES:
        out.append(Problem("RF905", f"the escalating cost ({FACES}+*) can be paid once only: "
                           f"its next use would need ({FACES + 1}+)", cost.star_span,
                           "drop '*' or start the cost lower", severity="warning"))
    return out


def _attack_stats(effect) -> list[Problem]:
    out = []
    if effect.hit is not None and not 1 <= effect.hit <= FACES:
        out.append(Problem("RF903", f"Hit {effect.hit}+ is not a die face: Hit is 1 to {FACES}",
                           effect.hit_span, f"use Hit 1+ to Hit {FACES}+"))
    if effect.damage is not None and effect.damage < 1:
        out.append(Problem("RF906", "an attack deals at least 1 damage", effect.damage_span,
                           "use Damage 1 or more"))
    return out


def _old_attack(effect) -> list[Problem]:
    out = _attack_stats(effect)
    if effect.range == "area" and effect.target != "each":
        out.append(Problem("RF904", "an area attack strikes every adversary in the chamber; "
                           "it never names a single target", effect.target_span,
                           "write 'attack each adversary in this chamber: area, …'"))
    elif effect.range != "area" and effect.target == "each":
        out.append(Problem("RF907", f"a {effect.range} attack strikes one target, not each "
                           "adversary in the chamber", effect.target_span,
                           "use range 'area', or an adjacent or a visible adversary"))
    elif effect.range == "combat" and effect.target != "adjacent":
        out.append(Problem("RF907", "a combat attack strikes an adjacent adversary",
                           effect.target_span, "write 'attack an adjacent adversary: combat'"))
    elif effect.range == "missile" and effect.target != "visible":
        out.append(Problem("RF907", "a missile attack strikes a visible adversary that is "
                           "not adjacent", effect.target_span,
                           "write 'attack a visible adversary: missile'"))
    return out


ZERO = ("RF912", "an amount of 0 does nothing", "use 1 or more, or drop the effect")
LASTING = (n.Boost, n.Ward, n.Root)          # last for a while: under a duration
RULES = (n.Steadfast, n.Immune, n.Guard, n.Pin, n.Forbid, n.Unpinned, n.Hamper,
         Soak)   # "… from a single attack, prevent 1 of them" (issue 32, session delve9)   # always hold: an adversary's rules
RULES += (Pierce,)   # its attacks' wounds nothing takes off (branch delveseven)
RULES += (Spared,)   # heroes spared the pin (branch dhero)
RULES += (Passage, KeepAway)   # "You may move through other figures." (branch dmove)
RULES += (Toll,)   # "heroes … must spend a 3+ die to explore" (issue 32, session delve11)
RULES += (HitNeed,)   # "… must roll 5 or higher to hit" (branch dtarget)
LASTING += (NextHit,)   # "your next attack hits on a roll of 2+" (branch dtarget)
LASTING += (Disarm,)   # "… cannot attack" under a duration (issue 32, branch delve12)
PRONOUNS = ("them", "it", "that")


class _Scope:
    """What came before an effect in its ability: a roll (for riders), figures picked."""

    def __init__(self, form: str, owner: str):
        self.form = form
        self.owner = owner
        self.rolled = None      # "attack" or "reroll": the last effect that rolled a die
        self.picked = False     # a selector picked figures ("each of them", "it")
        self.shifted = None     # "unpushed" / "unpulled": the last push or pull (delve10)
        self.others = False     # a figure other than the card's own adversary named (dfix)


def _selector(sel, verb: str, side: str, scope: _Scope) -> list[Problem]:
    if sel is None:
        return []
    out = []
    q = sel.quantity
    if q == "target" and scope.rolled != "attack":
        out.append(Problem("RF914", "'the target' names an attack's target, and no attack "
                           "comes before it", sel.span, "put it after an attack, in 'If it "
                           "hits, …' or 'If you rolled a 6, …'"))
    if q in PRONOUNS and not scope.picked and not (q == "it" and scope.owner == "adversary"):
        word = {"them": "each of them", "it": "it", "that": f"that {sel.side}"}[q]
        out.append(Problem("RF914", f"'{word}' refers to figures picked before it, and none "
                           "are", sel.span, "name them: 'each adversary adjacent to you', or "
                           "'Choose an adversary. …'"))
    if q == "self" and sel.side is None and scope.owner == "adversary":   # branch delvelang
        out.append(Problem("RF913", "an adversary's card names no hero of its own ('yourself', "
                           "'this hero' are a hero's)", sel.span,
                           "name the adversary ('this adversary') or the heroes ('each hero "
                           "adjacent to this adversary')"))
    if sel.side is not None and sel.side != side and side != "any" and q != "self":
        out.append(Problem("RF913", f"{verb} {'adversaries' if side == 'adversary' else 'heroes'}"
                           f", not {'heroes' if sel.side == 'hero' else 'adversaries'}",
                           sel.span, "write 'an adversary …'" if side == "adversary"
                           else "write 'another hero …' or 'each hero …'"))
    if q in ("up_to", "n") and sel.count < 1:
        out.append(Problem("RF912", "0 figures picks none", sel.count_span or sel.span,
                           "use 1 or more"))
    out += filter_problems(sel)   # "with at most 0 Vigour" (issue 32, session delve11)
    for f in sel.filters:
        if f.kind == "within" and f.n < 1:
            out.append(Problem("RF912", "within 0 spaces reaches no one", f.span,
                               "use 'within 1 space' or more"))
    out += _no_vigour(sel)
    if q in ("most", "fewest") and sel.rank == "renown" and sel.side == "adversary":
        out.append(Problem("RF913", "adversaries gain no renown; renown counts heroes",
                           sel.span, f"write 'the adversary with the {q} wounds'"))
    for other in sel.union:
        out += _selector(other, verb, side, scope)
    if sel.side is not None or q in ("self", "slayer", "attacked", "wounder"):
        scope.picked = True
    if sel.side is not None and q != "self" or q in ("slayer", "attacked", "wounder"):
        scope.others = True
    return out


def _own_attack(effect, scope: _Scope) -> list[Problem]:
    """An adversary attacking "it" / "that hero" attacks the figure named last before it
    (branch dfix); with no one but itself named, it would attack itself."""
    t = effect.target
    if scope.owner != "adversary" or effect.by is None or t is None \
            or t.quantity not in PRONOUNS or scope.others:
        return []
    word = {"them": "each of them", "it": "it", "that": f"that {t.side}"}[t.quantity]
    return [Problem("RF914", f"'{word}' is the hero this adversary attacks, and no hero is "
                    "named before it", t.span, "name the hero: 'this adversary moves towards "
                    "the nearest hero, then attacks it', or 'this adversary attacks the "
                    "nearest hero'")]


def _amount(effect) -> list[Problem]:
    field = {n.Move: "up_to", n.Heal: "wounds", n.Renown: "amount", n.Shift: "spaces",
             n.Suffer: "wounds", n.Boost: "amount"}.get(type(effect))
    if field and getattr(effect, field) < 1:
        return [Problem(ZERO[0], ZERO[1], effect.span, ZERO[2])]
    if isinstance(effect, n.Guard) and effect.amount == 0:
        return [Problem(ZERO[0], ZERO[1], effect.span, ZERO[2])]
    if isinstance(effect, n.Boost) and effect.against is not None:   # delve7
        return _no_vigour(effect.against)
    return []


def _no_vigour(sel: n.Selector) -> list[Problem]:
    return [Problem("RF912", "every figure has 1 or more Vigour", f.span,
                    "use a Vigour of 2 or more, or drop 'with …'")
            for f in sel.filters if f.kind == "vigour" and f.n < 1]


def _lasting(effect, scope: _Scope, lasting_ok: bool) -> list[Problem]:
    out = []
    if isinstance(effect, n.Ward) and effect.per is not None:
        if scope.form != "constant" or not lasting_ok:
            out.append(Problem("RF928", f"'each {effect.per}' makes a rule that always holds; "
                               "here it would happen once", effect.span,
                               "write it as a rule of its own, with no cost"))
        return out
    if isinstance(effect, PINS) and lasting_ok == "until":   # not pinned for a while (dhero)
        return out
    if is_aura_node(effect) and (scope.form != "constant" or lasting_ok is not True):
        out.append(Problem("RF925", "a bonus to other heroes is a standing rule of the card; "
                           "the engine does not time it or hold it under a condition",
                           effect.span, "write it as a rule of its own: 'Other heroes in your "
                           "chamber add 1 to their attack rolls.'"))   # branch dhero
        return out
    if isinstance(effect, n.Guard) and lasting_ok == "until":   # on a chosen adversary for
        return out                                                # a while (branch ddice)
    if isinstance(effect, n.Steadfast) and lasting_ok == "until":   # a hero braced for a
        return out                                                    # while (delveseven)
    if isinstance(effect, RULES):
        if scope.form != "constant" or not lasting_ok:
            out.append(Problem("RF928", "this is a rule that always holds; here it would "
                               "happen once", effect.span,
                               "write it as a rule of its own: 'This adversary is immune "
                               "to area attacks.'"))
        return out
    if isinstance(effect, n.Root) and scope.owner == "adversary" and scope.form == "constant" \
            and lasting_ok is True and (effect.target.side == "hero"
                                        or own_root(effect, scope.owner)):   # branch dmove
        return out  # "Heroes adjacent to this adversary cannot move.": its rule (lang4)
    if scope.form == "constant" and (isinstance(effect, (n.Ward, n.Root)) or getattr(
            effect, "next", False)) and lasting_ok is True:   # "next": delveheroes
        out.append(Problem("RF915", "this effect needs a time to start and end", effect.span,
                           "give it a cost and a duration: '(N+): Until the end of your "
                           "turn, …', or make it come back: '… each round'"))
    elif isinstance(effect, LASTING) and not lasting_ok:
        if scope.form != "constant":
            out.append(Problem("RF915", "a lasting effect here needs a duration", effect.span,
                               "start the sentence with 'Until the end of your turn,'"))
    return out


def _effect_problems(effect, scope: _Scope, lasting_ok) -> list[Problem]:
    out: list[Problem] = _amount(effect) + _lasting(effect, scope, lasting_ok)
    out += passage_problems(effect, scope.owner)   # branch dmove: RF940, RF941
    out += keep_away_problems(effect, scope.owner)   # branch dmove: RF944
    if getattr(effect, "for_each", None) is not None:   # issue 32 (branch delve12)
        out += for_each_problems(effect) + _selector(effect.for_each, "", "any", scope)
    if scope.form == "constant" and not isinstance(effect, LASTING + RULES + (n.Until,)) \
            and not held_rule(effect) and not aim_rule(effect) \
            and not held_boost(effect, scope.owner):   # branch delvepassive
        out.append(Problem("RF918", "this effect happens once, so it needs a cost or a "
                           "trigger; a rule with neither only changes numbers", effect.span,
                           "write '(N+): …' or 'Every time you …, …'"))
    if isinstance(effect, n.Attack):
        out += _old_attack(effect)
        scope.rolled = "attack"
        scope.picked = True
    elif isinstance(effect, n.Strike):
        out += _attack_stats(effect) + _own_attack(effect, scope)
        out += _selector(effect.target, "attacks strike", "adversary" if effect.by is None
                         else "hero", scope)
        if effect.range is None and effect.hit is not None and effect.by is None:   # delve8;
            # an adversary's: any range that reaches (branch dadv, game/strike_dadv.py)
            out.append(Problem("RF907", "an attack with its own Hit and Damage names its "
                               "range", effect.span, "write 'make a combat attack against "
                               "…, Hit 4+, Damage 1'"))
        t = effect.target
        if effect.range == "area" and t is not None and t.quantity not in ("each", "them"):
            out.append(Problem("RF904", "an area attack strikes every adversary in the chamber; "
                               "it never names a single target", t.span,
                               "write 'make an area attack against each adversary in this "
                               "chamber'"))
        scope.rolled = "attack"
        scope.picked = True
    elif isinstance(effect, n.Shift):
        out += _shift(effect, scope)
        scope.shifted = "unpulled" if effect.towards else "unpushed"
    elif isinstance(effect, AttackBonus):   # issue 32 (session delve11)
        out += _selector(effect.against, "the bonus counts against", "adversary", scope)
    elif isinstance(effect, Disarm):   # issue 32 (branch delve12)
        out += disarm_problems(effect, lasting_ok, scope.owner)
        out += _selector(effect.target, "", "any", scope)
    elif isinstance(effect, Toll):   # issue 32 (session delve11)
        out += toll_problems(effect) + _selector(effect.target, "", "any", scope)
    elif isinstance(effect, HitNeed):   # branch dtarget
        out += hit_problems(effect, scope.owner)
    elif isinstance(effect, NextHit):   # branch dtarget
        out += next_hit_problems(effect)
    elif isinstance(effect, Soak):   # issue 32 (session delve9)
        out += soak_problems(effect, scope.owner)
    elif isinstance(effect, RollDie):   # issue 32 (session delve10): its rows, after its who
        out += _selector(effect.who, "", "any", scope)
        out += [p for _, inner in effect.rows for e in inner
                for p in _effect_problems(e, scope, lasting_ok)]
    elif isinstance(effect, Approach):   # issue 32 (session delve9)
        out += _selector(effect.target, "", "any", scope) + _selector(effect.ref, "", "any",
                                                                        scope)
    elif isinstance(effect, n.Move):
        out += _selector(effect.on, "a free move moves", "hero", scope)
    elif isinstance(effect, n.Heal):
        out += _selector(effect.on, "heal helps", "any" if scope.owner == "adversary"
                         else "hero", scope)
    elif isinstance(effect, (n.Suffer, n.Pick, n.Root)):
        out += _selector(effect.target, "", "any", scope)
    elif isinstance(effect, n.Renown):
        out += _selector(effect.on, "renown goes to", "hero", scope)
    elif isinstance(effect, n.Ward):
        out += _selector(effect.on, "a prevented wound protects", "any", scope)
    elif isinstance(effect, n.Pin):
        out += _selector(effect.target, "pinning holds", "hero", scope)
    elif isinstance(effect, n.Hamper):
        out += _selector(effect.target, "this rule hampers", "hero", scope)
    elif isinstance(effect, n.Forbid):
        out += _selector(effect.target, "this rule forbids", "hero", scope)
        if effect.target.side != "hero":
            out.append(Problem("RF913", "this rule forbids heroes, and names none",
                               effect.target.span, "write 'heroes adjacent to this adversary "
                               "cannot heal wounds'"))
    elif isinstance(effect, n.Steadfast) and scope.owner == "hero" or \
            isinstance(effect, n.Steadfast) and lasting_ok == "until":   # branch delveseven
        out += braced_problems(effect, scope.owner, lasting_ok)
    elif isinstance(effect, (n.Steadfast, n.Immune, n.Guard)):
        out += _selector(effect.on, "this rule protects", "adversary", scope)
    elif isinstance(effect, n.Reroll):
        scope.rolled = "reroll"
    elif isinstance(effect, n.Until):
        out += _until(effect, scope)
    elif isinstance(effect, n.Rider):
        out += _rider(effect, scope)
    return out


def _shift(effect: n.Shift, scope: _Scope) -> list[Problem]:
    out = []
    if effect.towards is None:
        out.append(Problem("RF927", "a figure moved by an ability moves towards or away from "
                           "someone", effect.span, "write '… 1 space towards you' or '… away "
                           "from the nearest hero'"))
    t = effect.target
    if effect.ref is None and not (t.quantity == "self" and t.side is None):
        verb = "pull moves" if effect.towards else "push moves"
        out += _selector(t, verb, "adversary" if scope.owner == "hero" else "any", scope)
    else:
        out += _selector(t, "", "any", scope)
    out += _selector(effect.ref, "", "any", scope)
    return out


def _until(effect: n.Until, scope: _Scope) -> list[Problem]:
    out = []
    if scope.form == "constant":
        out.append(Problem("RF916", "a rule with no cost always holds, so a duration "
                           "means nothing here", effect.span,
                           "give it a cost: '(N+): Until …', or drop the duration"))
    for inner in effect.effects:
        if isinstance(inner, Approach):   # a course held for a while (session delve9)
            out += lure_problems(inner, effect.duration, effect.span) \
                or _effect_problems(inner, scope, "until")
        elif not isinstance(inner, LASTING + (n.Steadfast, n.Guard) + PINS) \
                or isinstance(inner, n.Ward) and inner.per:   # Steadfast: delveseven
            out.append(Problem("RF916", "a duration lasts over a lasting effect; this "
                               "one happens at once", inner.span,
                               "drop 'until …', or make it 'add 1 to your attack rolls'"))
        else:
            out += _effect_problems(inner, scope, "until")
    return out


def _rider(effect: n.Rider, scope: _Scope) -> list[Problem]:
    out = instead_problems(effect)   # "… instead" (branch delveseven): what it replaces
    for inner in effect.instead or ():
        out += _effect_problems(inner, scope, False)
    if effect.cond in ("rolled", "rolled_up"):
        if scope.rolled is None:
            out.append(Problem("RF914", "'if you rolled' reads the die that paid for the "
                               "ability, or an attack or reroll before it, and there is none",
                               effect.span, "put it in an ability with a cost, '(4+): …', or "
                               "after an attack: '…, Damage 1. If you rolled a 6, …'"))
        if effect.face is not None and not 1 <= effect.face <= FACES:
            out.append(Problem("RF917", f"a hero die shows 1 to {FACES}, so it never "
                               f"rolls {effect.face}", effect.face_span,
                               f"use a face from 1 to {FACES}"))
    elif effect.cond in UNMOVED and scope.shifted != effect.cond:   # session delve10
        word = "push" if effect.cond == "unpushed" else "pull"
        out.append(Problem("RF914", f"'cannot be {word}ed' follows a {word}, and none comes "
                           "before it", effect.span, f"put it after a {word}: '{word.title()} "
                           "an adversary adjacent to you 1 space. If it cannot be "
                           f"{word}ed, …'"))
    elif effect.cond in ("hits", "slays", "misses") and scope.rolled != "attack":
        out.append(Problem("RF914", "'if it hits' and 'if this attack slays' follow an "
                           "attack, and none comes before", effect.span,
                           "put it after an attack"))
    elif effect.cond == "some" and effect.n < 1:
        out.append(Problem(ZERO[0], "a count of 0 is always met", effect.span,
                           "write 'if there are no …' or use 1 or more"))
    for inner in effect.effects:
        out += _effect_problems(inner, scope, scope.form == "constant" and (
            held_rule(effect) or held_boost(effect, scope.owner)))
    return out


def aim_rule(effect) -> bool:
    """An adversary's rule on whom it attacks in the adversary phase ("This adversary attacks
    the hero with the most wounds.", issue 32, session delve8): its attack with no numbers of
    its own, at the heroes it names (game/adversaries.py)."""
    return isinstance(effect, n.Strike) and effect.by is not None \
        and effect.target is not None and effect.hit is None


def held_rule(effect) -> bool:
    """A rule that holds while a state of the board does ("This adversary is immune to
    missile attacks while a hero is adjacent to it", issue 32, session delveg): the engine
    consults it where it consults the rule (traits.rules_of)."""
    return isinstance(effect, n.Rider) and effect.cond in ("none", "some", "wounds") \
        and all(isinstance(e, RULES) or isinstance(e, n.Boost) and e.on is not None
                for e in effect.effects)  # an adversary's own Move and attacks (delve8)


def check_ability(ability, owner: str = "hero") -> list[Problem]:
    """Every problem of one parsed ability on a card of ``owner`` (``hero``: heroes, skills,
    items; ``adversary``), in text order."""
    out: list[Problem] = []
    if isinstance(ability, (n.Action, n.Spend)):
        out += _cost_problems(ability.cost, isinstance(ability, n.Action))
    form = "constant" if isinstance(ability, n.Constant) else "ability"
    scope = _Scope(form, owner)
    if isinstance(ability, (n.Action, n.Spend)):   # "if you rolled a 6": the die that paid
        scope.rolled = "cost"                       # (branch delveseven)
    if isinstance(ability, n.Trigger) and ability.event in ("slain", "attacks", "wounded",
                                                                   "pushed", "pulled",
                                                                   "approached", "missed",
                                                                   "healed",   # dhero
                                                                   "move_ended",   # dmove
                                                                   "wounds"):   # dtarget
        scope.picked = True
        # the hero the event names ("the hero who slew it", the one that moved it: dfix)
        scope.others = ability.event in ("slain", "attacks", "pushed", "pulled", "approached",
                                         "missed", "move_ended", "wounds")
    if isinstance(ability, n.Constant) and ability.limit:
        out.append(Problem("RF918", "'once per turn' limits something that happens; a rule "
                           "with no cost and no trigger happens at no time", ability.span,
                           "write '(N+): …' or 'Every time you …, …'"))
    for effect in ability.effects:
        out += _effect_problems(effect, scope, form == "constant")
    out += spent_problems(ability)   # issue 32 (session delve9)
    out += discard_problems(ability)   # branch delveseven: only in a hero's turn
    out += die_problems(ability)   # branch ddice: your own dice, in your turn
    out += marked_problems(ability, owner)   # branch ddice: a guard for a while
    out += owner_problems(ability, owner)
    return sorted(out, key=lambda p: p.span)
