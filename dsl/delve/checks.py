"""Semantic checks of a Delve ability (codes RF901-RF907 and RF912, see runeforge.diagnostics).

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


def _effect_problems(effect) -> list[Problem]:
    amount = {n.Move: "up_to", n.Heal: "wounds", n.Renown: "amount"}.get(type(effect))
    if amount and getattr(effect, amount) < 1:
        return [Problem("RF912", "an amount of 0 does nothing", effect.span,
                        "use 1 or more, or drop the effect")]
    if not isinstance(effect, n.Attack):
        return []
    out = []
    if not 1 <= effect.hit <= FACES:
        out.append(Problem("RF903", f"Hit {effect.hit}+ is not a die face: Hit is 1 to {FACES}",
                           effect.hit_span, f"use Hit 1+ to Hit {FACES}+"))
    if effect.damage < 1:
        out.append(Problem("RF906", "an attack deals at least 1 damage", effect.damage_span,
                           "use Damage 1 or more"))
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


def check_ability(ability) -> list[Problem]:
    """Every problem of one parsed ability, in text order."""
    out: list[Problem] = []
    if isinstance(ability, (n.Action, n.Spend)):
        out += _cost_problems(ability.cost, isinstance(ability, n.Action))
    for effect in ability.effects:
        out += _effect_problems(effect)
    return sorted(out, key=lambda p: p.span)
