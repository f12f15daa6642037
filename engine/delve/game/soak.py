"""Fewer wounds of one attack (issue 32, session delve9): a figure's rule "Each time you
suffer 2 or more wounds from a single attack, prevent 1 of them." (IR ``soak``: ``at_least``,
``amount``). An attack that hits the figure with ``at_least`` wounds or more deals ``amount``
fewer, before a ward takes its first wound; each such rule of its cards counts once. Wounds an
ability deals are no attack's, and keep their number."""

from __future__ import annotations

from . import traits


def _after(e: dict, wounds: int) -> int:
    """The wounds one rule record leaves of an attack of ``wounds``: it holds for attacks of
    ``at_least`` wounds (and, given, ``at_most``); it takes off ``amount``, or leaves at most
    ``cap`` (branch dtarget: "cannot suffer more than 1 wound from a single attack",
    "ignores wounds from attacks that deal only 1 Damage")."""
    if wounds < e["at_least"] or wounds > e.get("at_most", wounds):
        return wounds
    if "cap" in e:
        return min(wounds, e["cap"])
    return max(0, wounds - e["amount"])


def reduce(game, figure, wounds: int) -> int:
    """The wounds an attack deals ``figure`` after its ``soak`` rules."""
    for e in traits.rules_of(game, figure):
        if e["op"] != "soak":
            continue
        left = _after(e, wounds)
        if left != wounds or e["at_least"] <= wounds and "amount" in e and "at_most" not in e:
            game.log.emit("soak", figure=figure.id, prevented=e.get("amount", wounds - left))
        wounds = left
    return wounds
