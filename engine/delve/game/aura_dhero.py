"""A hero's bonus to other heroes (issue 32, part III, branch dhero): IR ``boost`` with ``on``
a selector of heroes ("Other heroes in your chamber add 1 to their attack rolls.") on a hero's
card. While its hero stands (and its condition, if held, is met: traits.rules_of), each hero
the selector picks from where the rule's hero stands counts the bonus as its own; ``against``
is read from the rule's hero too ("… against adversaries adjacent to you")."""

from __future__ import annotations

from ..rules import effects as fx


def is_aura(e: dict) -> bool:
    return e["op"] == "boost" and (e.get("on") or {}).get("side") == "hero"


def given(game, figure, rules_of, target=None) -> list[dict]:
    """The boosts other heroes' rules (and the hero's own) give ``figure``, as its own: without
    ``on``, and without ``against`` once the attack's ``target`` is one of them (else
    dropped)."""
    s, out = game.state, []
    for giver in s.heroes_up():
        for e in rules_of(game, giver):
            if not is_aura(e) or figure not in fx.candidates(s.board, giver, e["on"], s.figures):
                continue
            if "against" in e and (target is None or target not in fx.candidates(
                    s.board, giver, e["against"], [target])):
                continue
            out.append({k: v for k, v in e.items() if k not in ("on", "against")})
    return out
