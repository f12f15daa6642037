"""A bonus of one attack (issue 32, session delve11): "Make a missile attack against a visible
adversary. It deals +1 damage against adversaries with 3 or more vigour." (IR ``strike`` with
``bonus``: ``[{stat: damage, amount, against?}]``).

While the strike runs, each bonus is one of the hero's lasting ``boost`` entries (``against``:
the figures it counts at, as ``your attacks against … deal +1 Damage``), so ``traits.bonus``
adds it to that attack's Damage at a target the filter holds, and at no other; it is taken
off when the strike ends, whatever happened in it."""

from __future__ import annotations


def with_bonus(op):
    """``op`` (the strike's) with the strike's own ``bonus`` in force while it runs."""

    def run(game, owner, name, e, turn, ctx, choice):
        extra = [{"op": "boost", "hero": owner.id, "until": "end_of_turn", **b}
                 for b in e.get("bonus", [])]
        if not extra:
            return op(game, owner, name, e, turn, ctx, choice)
        lasting = game.state.lasting
        lasting.extend(extra)
        try:
            return op(game, owner, name, e, turn, ctx, choice)
        finally:
            game.state.lasting = [x for x in game.state.lasting
                                  if not any(x is y for y in extra)]

    return run
