"""The cost of a basic action raised by an adversary's rule (issue 32, session delve11):
"Heroes in this chamber must spend a 3+ die to explore.", "A hero pinned by this adversary
must spend a 4+ die to move." (IR ``toll``: ``targets``, ``act`` explore | move, ``need``).

While a hero is one of the heroes a rule names (counted from the adversary whose card holds
it, as ``traits.forbidden`` counts), its Explore or Move costs at least ``need``+ (R2): the
Move of a pinned hero too (A5: the dearer of the two), and the dearest of several rules
counts. :func:`rules_for` is the rules data with those costs, which the engine offers and
charges the hero's actions with (``engine.options``, ``engine.do``); the abilities' own
moves and explores are paid by their own costs and are not raised."""

from __future__ import annotations

from dataclasses import replace

from ..rules import effects as fx
from . import traits


def need(game, hero, act: str) -> int:
    """The dearest ``act`` cost the adversaries' rules put on ``hero`` now (0: none)."""
    if hero.side != "hero":
        return 0
    s, out = game.state, 0
    for foe in s.adversaries():
        for e in traits.rules_of(game, foe):
            if e["op"] == "toll" and e["act"] == act and hero in fx.candidates(
                    s.board, foe, e["targets"], s.figures):
                out = max(out, e["need"])
    return out


def rules_for(game, hero):
    """``game.rules`` with ``hero``'s Explore and Move costs as the rules raise them."""
    rules = game.rules
    explore, move = need(game, hero, "explore"), need(game, hero, "move")
    if not explore and not move:
        return rules
    return replace(rules, explore=max(rules.explore, explore), move=max(rules.move, move),
                   pinned_move=max(rules.pinned_move, move))
