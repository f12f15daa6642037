"""Fewer wounds of one attack (issue 32, session delve9): a figure's rule "Each time you
suffer 2 or more wounds from a single attack, prevent 1 of them." (IR ``soak``: ``at_least``,
``amount``). An attack that hits the figure with ``at_least`` wounds or more deals ``amount``
fewer, before a ward takes its first wound; each such rule of its cards counts once. Wounds an
ability deals are no attack's, and keep their number."""

from __future__ import annotations

from . import traits


def reduce(game, figure, wounds: int) -> int:
    """The wounds an attack deals ``figure`` after its ``soak`` rules."""
    for e in traits.rules_of(game, figure):
        if e["op"] == "soak" and wounds >= e["at_least"]:
            wounds = max(0, wounds - e["amount"])
            game.log.emit("soak", figure=figure.id, prevented=e["amount"])
    return wounds
