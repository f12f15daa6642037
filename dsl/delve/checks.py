"""Semantic checks of a Delve ability (codes RF901-RF907, RF912-RF918, see runeforge.diagnostics).

Each check returns :class:`Problem` values located by offsets into the ability text; the
compiler turns them into ``file:line:col`` diagnostics. The die faces are 1 to 6."""

from __future__ import annotations

from dataclasses import dataclass

from . import nodes as n

FACES = 6


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    span: tuple[int, int]
    hint: str | None = None
    severity: str = "error"


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
LASTING = (n.Boost, n.Ward)
ADVERSARY_ONLY = (n.Strike, n.Shift)


class _Scope:
    """What came before an effect in its ability: a roll (for riders), a selector (them)."""

    def __init__(self, form: str):
        self.form = form
        self.rolled = None      # "attack" or "reroll": the last effect that rolled a die
        self.picked = False     # a selector picked figures ("each of them")


def _selector(sel, verb: str, side: str, scope: _Scope, span) -> list[Problem]:
    if sel is None:
        return []
    out = []
    if sel.quantity == "target" and scope.rolled != "attack":
        out.append(Problem("RF914", "'the target' names an attack's target, and no attack "
                           "comes before it", sel.span, "put it after an attack, in 'If it "
                           "hits, …' or 'If you rolled a 6, …'"))
    if sel.quantity == "them" and not scope.picked:
        out.append(Problem("RF914", "'each of them' refers to figures picked before it, and "
                           "none are", sel.span, "name them: 'each adversary adjacent to "
                           "you'"))
    if sel.side is not None and sel.side != side and side != "any":
        out.append(Problem("RF913", f"{verb} {'adversaries' if side == 'adversary' else 'heroes'}"
                           f", not {'heroes' if sel.side == 'hero' else 'adversaries'}",
                           sel.span, "write 'an adversary …'" if side == "adversary"
                           else "write 'another hero …' or 'each hero …'"))
    if sel.quantity == "up_to" and sel.count < 1:
        out.append(Problem("RF912", "up to 0 figures picks none", sel.count_span or sel.span,
                           "use 'up to 1' or more"))
    for f in sel.filters:
        if f.kind == "within" and f.n < 1:
            out.append(Problem("RF912", "within 0 spaces reaches no one", f.span,
                               "use 'within 1 space' or more"))
    if sel.side is not None:
        scope.picked = True
    return out


def _effect_problems(effect, scope: _Scope, lasting_ok: bool) -> list[Problem]:
    out: list[Problem] = []
    amount = {n.Move: "up_to", n.Heal: "wounds", n.Renown: "amount", n.Shift: "spaces",
              n.Suffer: "wounds", n.Boost: "amount"}.get(type(effect))
    if amount and getattr(effect, amount) < 1:
        out.append(Problem(ZERO[0], ZERO[1], effect.span, ZERO[2]))
    if isinstance(effect, LASTING) and not lasting_ok:
        if scope.form == "constant" and isinstance(effect, n.Ward):
            out.append(Problem("RF915", "'prevent the first wound' needs a time to start and "
                               "end", effect.span, "give it a cost and a duration: '(N+): Until "
                               "the end of your turn, prevent …'"))
        elif scope.form != "constant":
            out.append(Problem("RF915", "a lasting effect here needs a duration", effect.span,
                               "start the sentence with 'Until the end of your turn,'"))
    if scope.form == "constant" and not isinstance(effect, LASTING + (n.Until,)):
        out.append(Problem("RF918", "this effect happens once, so it needs a cost or a "
                           "trigger; a rule with neither only changes numbers", effect.span,
                           "write '(N+): …' or 'Every time you …, …'"))
    if isinstance(effect, n.Attack):
        out += _old_attack(effect)
        scope.rolled = "attack"
    elif isinstance(effect, n.Strike):
        out += _attack_stats(effect)
        out += _selector(effect.target, "attacks strike", "adversary", scope, effect.span)
        t = effect.target
        if effect.range == "area" and t is not None and t.quantity not in ("each", "them"):
            out.append(Problem("RF904", "an area attack strikes every adversary in the chamber; "
                               "it never names a single target", t.span,
                               "write 'make an area attack against each adversary in this "
                               "chamber'"))
        scope.rolled = "attack"
    elif isinstance(effect, n.Shift):
        verb = "pull moves" if effect.towards else "push moves"
        out += _selector(effect.target, verb, "adversary", scope, effect.span)
    elif isinstance(effect, n.Heal):
        out += _selector(effect.on, "heal helps", "hero", scope, effect.span)
    elif isinstance(effect, n.Suffer):
        out += _selector(effect.target, "wounds go to", "any", scope, effect.span)
    elif isinstance(effect, n.Reroll):
        scope.rolled = "reroll"
    elif isinstance(effect, n.Until):
        if scope.form == "constant":
            out.append(Problem("RF916", "a rule with no cost always holds, so a duration "
                               "means nothing here", effect.span,
                               "give it a cost: '(N+): Until …', or drop the duration"))
        for inner in effect.effects:
            if not isinstance(inner, LASTING):
                out.append(Problem("RF916", "a duration lasts over a lasting effect; this "
                                   "one happens at once", inner.span,
                                   "drop 'until …', or make it 'add 1 to your attack rolls'"))
            else:
                out += _effect_problems(inner, scope, True)
    elif isinstance(effect, n.Rider):
        if effect.cond == "rolled":
            if scope.rolled is None:
                out.append(Problem("RF914", "'if you rolled' follows a roll, and no attack "
                                   "or reroll comes before it", effect.span,
                                   "put it after an attack: '…, Damage 1. If you rolled a "
                                   "6, …'"))
            if effect.face is not None and not 1 <= effect.face <= FACES:
                out.append(Problem("RF917", f"a hero die shows 1 to {FACES}, so it never "
                                   f"rolls {effect.face}", effect.face_span,
                                   f"use a face from 1 to {FACES}"))
        elif scope.rolled != "attack":
            out.append(Problem("RF914", "'if it hits' and 'if this attack slays' follow an "
                               "attack, and none comes before", effect.span,
                               "put it after an attack"))
        for inner in effect.effects:
            out += _effect_problems(inner, scope, False)
    return out


def check_ability(ability) -> list[Problem]:
    """Every problem of one parsed ability, in text order."""
    out: list[Problem] = []
    if isinstance(ability, (n.Action, n.Spend)):
        out += _cost_problems(ability.cost, isinstance(ability, n.Action))
    form = "constant" if isinstance(ability, n.Constant) else "ability"
    scope = _Scope(form)
    for effect in ability.effects:
        out += _effect_problems(effect, scope, form == "constant")
    return sorted(out, key=lambda p: p.span)
