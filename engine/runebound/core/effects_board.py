"""Effect objects of the board's adventure counters (issue 32, branch rbboard).

The counters lie on the board, which the combat engine does not hold: as the doom track's
effects (:mod:`.effects_place`), each records a *grant* for the turn loop, which applies it
after the window (:mod:`runeforge.engine.runebound.game.counters`). In a combat they are
refused; the compiler refuses them in a phase-tagged ability (RF421).
"""

from __future__ import annotations

from dataclasses import dataclass

from .effects_place import _GameEffect, _grant


@dataclass
class PlaceCounter(_GameEffect):
    colour: str
    gem: str
    each: bool
    within: int | None
    op = "place_counter"

    def run(self, ctx):
        _grant(ctx, self.op, colour=self.colour, gem=self.gem, each=self.each,
               within=self.within)


@dataclass
class RemoveCounter(_GameEffect):
    colour: str | None
    op = "remove_counter"

    def run(self, ctx):
        _grant(ctx, self.op, colour=self.colour)


BUILDERS = {
    "place_counter": lambda ir: PlaceCounter(ir["colour"], ir["gem"], ir["each"], ir["within"]),
    "remove_counter": lambda ir: RemoveCounter(ir["colour"]),
}
