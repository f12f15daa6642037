"""Effect objects of the board's adventure counters (issue 32, branch rbboard).

The counters lie on the board, which the combat engine does not hold: as the doom track's
effects (:mod:`.effects_place`), each records a *grant* for the turn loop, which applies it
after the window (:mod:`runeforge.engine.runebound.game.counters`). In a combat they are
refused; the compiler refuses them in a phase-tagged ability (RF421). "For each card on the
doom track" (``repeat_track``) runs its effects where it stands, a combat too, counting the
game's track.
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


@dataclass
class AddToTrack(_GameEffect):
    colour: str
    track: str
    op = "add_to_track"

    def run(self, ctx):
        _grant(ctx, self.op, colour=self.colour, track=self.track)


@dataclass
class DiscardFromTrack(_GameEffect):
    count: int
    track: str
    op = "discard_from_track"

    def run(self, ctx):
        _grant(ctx, self.op, count=self.count, track=self.track)


@dataclass
class DiscardMarket(_GameEffect):
    kind: str
    op = "discard_market"

    def run(self, ctx):
        _grant(ctx, self.op, kind=self.kind)


@dataclass
class MarketToNearest(_GameEffect):
    count: int
    op = "market_to_nearest"

    def run(self, ctx):
        _grant(ctx, self.op, count=self.count)


@dataclass
class RepeatTrack(_GameEffect):
    """"... for each card on the doom track": the effects once for every card on the track
    when it runs (the game's state; a lone combat without a game has no track, so none)."""

    track: str  # doom | undefeated
    effects: list
    most: int | None = None
    op = "repeat_track"

    def run(self, ctx):
        run_all = KERNEL["run_all"]
        game = getattr(ctx.engine, "game", None)
        state = getattr(game, "state", None)
        cards = {"doom": getattr(state, "doom_track", ()),
                 "undefeated": getattr(state, "undefeated_track", ())}[self.track]
        times = len(cards) if self.most is None else min(len(cards), self.most)
        ctx.engine.log.emit("repeat", source=ctx.source, hero=ctx.owner.id,
                            per=f"{self.track}_track", times=times)
        for _ in range(times):
            run_all(self.effects, ctx)
            if ctx.engine.finished:
                return


BUILDERS = {
    "place_counter": lambda ir: PlaceCounter(ir["colour"], ir["gem"], ir["each"], ir["within"]),
    "remove_counter": lambda ir: RemoveCounter(ir["colour"]),
    "add_to_track": lambda ir: AddToTrack(ir["colour"], ir["track"]),
    "discard_from_track": lambda ir: DiscardFromTrack(ir["count"], ir["track"]),
    "discard_market": lambda ir: DiscardMarket(ir["kind"]),
    "market_to_nearest": lambda ir: MarketToNearest(ir["count"]),
    "repeat_track": lambda ir: RepeatTrack(ir["track"], _build(ir["effects"]), ir.get("most")),
}


# run_all and build_effects of :mod:`.effects`, handed over by :func:`bind` when effects.py
# registers this module (so that this module never imports effects.py: no import cycle)
KERNEL: dict = {}


def bind(**functions) -> None:
    KERNEL.update(functions)


def _build(irs):
    return KERNEL["build_effects"](irs)
