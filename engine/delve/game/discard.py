"""A hero gives up unspent hero dice (issue 32, branch delveseven; IR ``discard``): "Each
time a hero misses this adversary with an attack, that hero must discard one unspent hero
die."

Each hero the selector picks sets aside ``dice`` of the dice still on its card this turn (R1),
its own player choosing which, one at a time (:func:`choose.ask`); a set-aside die is neither
spent (no "roll one of your spent dice again") nor usable. A hero with fewer dice gives what
it has; a hero whose turn it is not holds none (the checks allow the effect only in the
triggers that fire in a hero's turn, dsl/delve/discard.py)."""

from __future__ import annotations

from .choose import ask
from .choose import pick as _pick


def run(game, owner, name, e: dict, turn, ctx: dict, choice) -> dict:
    s = game.state
    out = {}
    for hero in _pick(game, owner, e["targets"], ctx):
        held = s.turns.get(hero.id)
        if hero.side != "hero" or held is None or held.ended:
            continue
        gone = []
        for _ in range(e["dice"]):
            if not held.dice:
                break
            pick = 0 if len(held.dice) == 1 else ask(
                game, hero, [{"die": i} for i in range(len(held.dice))], "die")
            face = held.dice.pop(pick if pick is not None else 0)
            held.set_aside.append(face)
            gone.append(face)
        out[hero.id] = gone
    return {"op": "discard", "discarded": out}
