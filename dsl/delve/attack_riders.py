"""A bonus said of the attack just made, with a pronoun (issue 32, session delve11): "Make a
missile attack against a visible adversary. It deals +1 damage against adversaries with 3 or
more vigour." ("it" is the attack; also "it has | gets +1 Damage against …"). With no filter,
"It deals +2 Damage." is the existing "If it hits, the target suffers 2 wounds." (as "make a
combat attack … with +2 Damage" is).

The sentence rides on the ``make a … attack`` (a strike) just before it: :func:`fold` checks
that one stands there (else RF914) and keeps the bonus as its own effect after it, printed as
its own sentence; the lowering puts it on the strike's IR (``bonus``: ``[{stat, amount,
against?}]``), and the engine counts it on that attack's rolls only, at a target the filter
holds (engine/delve/game/attack_riders.py), as it counts ``your attacks against … deal +1
Damage``. After a weapon's own line (``Attack …: missile, Hit 4+, Damage 1``), a roll or
anything else it is RF914."""

from __future__ import annotations

from dataclasses import field, replace

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n


@astnode
class AttackBonus:
    """The attack just made deals ``amount`` more Damage (at ``against`` only, if given)."""

    amount: int
    against: n.Selector | None = None
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


def build(who, p, text: str, span):
    """The effect of "it deals +N Damage [against <who>]", or None (not this form)."""
    d = p.data
    if who is None or who.quantity != "it" or p.kind != "deal" or d["n"] < 1:
        return None
    said = text[span[0]:span[1]].lower().split()
    obj = d.get("obj")
    if obj is not None and ("against" not in said or not isinstance(obj, n.Selector)):
        return None
    if obj is None:     # "It deals +2 Damage." is "If it hits, the target suffers 2 wounds."
        return n.Rider("hits", None, (n.Suffer(n.Selector("target", span=span), d["n"], span),),
                       span)
    if obj is not None and obj.side == "adversary" and obj.quantity == "one":
        obj = replace(obj, quantity="each", count=1, count_span=(0, 0))
    return AttackBonus(d["n"], obj, span)


def fold(effects: list) -> list:
    """Each "it deals +N Damage" checked against the strike just before it."""
    out: list = []
    for e in effects:
        if isinstance(e, AttackBonus) and not (
                out and (isinstance(out[-1], n.Strike) and out[-1].by is None
                         or isinstance(out[-1], AttackBonus))):
            raise AbilitySyntaxError("'it' is the attack just made, and no attack is made "
                                     "just before it", *e.span, code="RF914",
                                     hint="put it right after the attack: 'Make a missile "
                                          "attack against a visible adversary. It deals +1 "
                                          "Damage.'")
        for inner in getattr(e, "effects", ()):
            if isinstance(inner, AttackBonus):
                fold(list(e.effects))
        out.append(e)
    return out


def print_bonus(e: AttackBonus, print_selector) -> str:
    tail = f" against {print_selector(e.against)}" if e.against is not None else ""
    return f"it deals +{e.amount} Damage{tail}"


def merge(effects_ir: list) -> list:
    """The lowering: each bonus put on the strike before it (``bonus`` on its IR)."""
    out: list = []
    for e in effects_ir:
        if e.get("op") == "attack_bonus":
            out[-1] = {**out[-1], "bonus": out[-1].get("bonus", []) + [e["bonus"]]}
            continue
        out.append(e)
    return out
