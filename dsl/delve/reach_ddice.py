"""An attack's range said by its target (issue 32, part III, branch ddice): "Attack every
adjacent adversary, Hit 5, Damage 1." A hero's attack with its own Hit and Damage names its
range (RF907) — but an attack on adversaries adjacent to the hero can only be a combat attack
(a missile attack strikes a visible adversary that is not adjacent, an area attack every
adversary in the chamber), so the target says the range: :func:`combat_when_adjacent` makes
such a strike a combat strike, printed "make a combat attack against each adversary adjacent
to you, Hit 5+, Damage 1". A target adjacent to anything else ("adjacent to it") says
nothing, and stays RF907."""

from __future__ import annotations

from dataclasses import replace

from . import nodes as n


def _adjacent_to_you(sel) -> bool:
    return sel is not None and sel.side == "adversary" and not sel.union and any(
        f.kind == "adjacent" and f.ref == "" for f in sel.filters)


def _fix(e):
    if isinstance(e, n.Strike) and e.range is None and e.hit is not None and e.by is None \
            and _adjacent_to_you(e.target):
        return replace(e, range="combat")
    for name in ("effects", "instead"):
        kids = getattr(e, name, None)
        if isinstance(kids, tuple) and kids and not isinstance(kids[0], tuple):
            e = replace(e, **{name: tuple(_fix(k) for k in kids)})
    return e


def combat_when_adjacent(ability):
    """``ability`` with each strike on adversaries adjacent to you given the combat range."""
    effects = tuple(_fix(e) for e in ability.effects)
    return ability if effects == ability.effects else replace(ability, effects=effects)
