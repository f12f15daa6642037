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


def healed(game, hero, figures: dict, apply) -> None:
    """``hero``'s "each time you heal a wound on another hero" rules (event ``healed``), once
    for each other hero in ``figures`` (id -> wounds healed) healed at least one wound, when
    the rule's ``who`` picks it (none: any other hero); "that hero" is the hero healed."""
    from . import events

    s = game.state
    for fid, count in figures.items():
        figure = s.figure(fid)
        if not count or figure is None or figure is hero or figure.side != "hero":
            continue
        mine = [(k, ir) for k, ir in events._rules(game, hero, "healed") if not ir.get("who")
                or figure in fx.candidates(s.board, hero, ir["who"], s.figures)]
        if mine:
            events.run(game, hero, "healed", mine, {"picked": [figure], "target": figure},
                       apply)


def skill_gained(game, hero) -> None:
    """``hero``'s "when you gain a skill" rules (event ``skill``), after the skill joined its
    cards (R24; the new skill's own rules among them)."""
    from . import events
    from .ops import apply

    events.fire(game, hero, "skill", apply)
