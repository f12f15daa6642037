"""Attacks against a chosen adversary changed for a while (issue 32, part III, branch ddice):
"Choose a visible adversary. Until the end of the turn, attacks against it hit on a roll 1
lower.", "Choose an adversary in line of sight. Attacks against it deal +1 Damage until the
end of the turn."

The sentence is an adversary's guard (:class:`~.nodes.Guard`: "attacks against this adversary
deal +1 Damage", "… add 1 to their rolls", "… hit on a roll 1 lower") under a duration, said
of an adversary named before ("it", "that adversary", "them"): every hero's attacks against
that adversary count the change until the duration ends. IR ``until`` over ``{"op":
"guard", "stat", "amount", "range"?, "on"}``; the engine freezes ``on`` to the figures it
names when the ability runs (engine/delve/game/marked_ddice.py). On an adversary's card the
same sentence in a trigger marks the adversary itself ("When this adversary is wounded, until
the end of the turn, attacks against it deal +1 Damage.").

Refused: on a hero's card a guard that is not under a duration (RF925: a rule that always
holds is an adversary's), or said of adversaries by description rather than named before
(RF935: which ones would be fixed when the ability runs, not when each attack is made)."""

from __future__ import annotations

from . import nodes as n
from .problems import Problem

NAMED = ("it", "that", "them", "self")   # figures named before, or the card's own adversary


def _walk(effects, under: bool):
    for e in effects:
        yield e, under
        if isinstance(e, n.Until):
            yield from _walk(e.effects, True)
        else:
            yield from _walk(getattr(e, "effects", ()) or (), under)
            yield from _walk(getattr(e, "instead", None) or (), under)


def marked_problems(ability, owner: str) -> list[Problem]:
    out = []
    for e, under in _walk(ability.effects, False):
        if not isinstance(e, n.Guard):
            continue
        if owner == "hero" and not under:
            out.append(Problem("RF925", "attacks against an adversary change for good only by "
                               "its own rule; a hero's card changes them for a while", e.span,
                               "choose the adversary and give a duration: 'Choose a visible "
                               "adversary. Until the end of the turn, attacks against it deal "
                               "+1 Damage.'"))
        elif under and e.on.quantity not in NAMED:
            out.append(Problem("RF935", "attacks against adversaries said by description "
                               "change for a while only once they are named", e.on.span,
                               "choose them first: 'Choose an adversary adjacent to you. Until "
                               "the end of the turn, attacks against it deal +1 Damage.'"))
    return out
