"""A slay rule that names the adversaries it counts (issue 32, part III, branch dhero):
"Every time you slay an adversary with 4 or more Vigour, gain 1 renown.", "… an adjacent
adversary …". The trigger's ``who`` picks them; the rule runs for a slain adversary only
when ``who`` picks it where it fell (as the hero's "when an adversary adjacent to you is
slain" rules read it, events.slain). A rule with no ``who`` counts every adversary."""

from __future__ import annotations

from dataclasses import replace

from ..rules import effects as fx


def slay_rules(game, hero, rules: list, victim) -> list:
    """The (key, IR) of ``rules`` that count ``victim`` (a slain adversary, or None)."""
    if not any(ir.get("who") for _k, ir in rules):
        return rules
    s = game.state
    ghost = replace(victim, wounds=0) if victim is not None else None
    return [(k, ir) for k, ir in rules if not ir.get("who") or ghost is not None and ghost in
            fx.candidates(s.board, hero, ir["who"], [*s.figures, ghost])]
