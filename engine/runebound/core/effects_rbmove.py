"""Effect of branch rbmove (issue 32, part III): "Move your Hero to an adjacent plains space.",
"... to any river space", "... to the nearest forest space", "... to any town".

A game-level effect like family 4's "Move your Hero to <town>." (effects_place.MoveTo): it
records a grant the game applies once the card text is done (game/move_rbmove.py), and is
refused in a combat (the compiler refuses it in a phase-tagged ability, RF421). Registered in
``effects.EXTRA_BUILDERS``; the catalog imports this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .effects import EXTRA_BUILDERS
from .effects_place import _GameEffect, _grant


@dataclass
class MoveToSpace(_GameEffect):
    place: Any  # a terrain, a list of terrains, or "town"
    reach: str  # adjacent | any | nearest
    op = "move_to_space"

    def run(self, ctx):
        _grant(ctx, self.op, place=self.place, reach=self.reach)


@dataclass
class DieFace(_GameEffect):
    """"Treat one of your movement dice as showing a river symbol.": always on (the movement
    step reads it, game/faces_rbmove.py); used as a non-static ability (with a cost or a
    window) it holds to the end of the turn, as family 4's movement rule does."""

    symbol: str
    op = "die_face"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        return {"op": self.op, "symbol": self.symbol}


BUILDERS = {"move_to_space": lambda ir: MoveToSpace(ir["place"], ir["reach"]),
            "die_face": lambda ir: DieFace(ir["symbol"])}
EXTRA_BUILDERS.update(BUILDERS)

__all__ = ["BUILDERS", "DieFace", "MoveToSpace"]
