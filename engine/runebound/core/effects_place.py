"""Effect objects of family 4 (movement and place) and family 9 (game-level effects).

They act on the board and the game (a Hero's position, the doom track, the event in play),
which the combat engine does not hold: each records a *grant* for the turn loop, as the
movement and market effects do (``Resolver.grants``), and the game applies it after the
window (:mod:`runeforge.engine.runebound.game.place`). In a combat they are refused: the
compiler already refuses them in a phase-tagged ability (RF421).

Registered in :data:`runeforge.engine.runebound.core.effects.EXTRA_BUILDERS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .effects import Effect


def _grant(ctx, op: str, **fields) -> None:
    engine = ctx.engine
    if engine.moment.in_combat:
        raise IllegalAction(f"{ctx.source}: the '{op}' effect acts on the game, not in a "
                            "combat")
    grant = {"hero": ctx.owner.id, "source": ctx.source, "op": op, **fields}
    engine.grants.append(grant)
    engine.log.emit("grant", **grant)


@dataclass
class MoveTo(Effect):
    town: str | None  # None: the nearest town
    op = "move_to"

    def run(self, ctx):
        _grant(ctx, self.op, town=self.town)


@dataclass
class DoomTokens(Effect):
    action: str  # place | remove
    count: int
    op = "doom_tokens"

    def run(self, ctx):
        _grant(ctx, self.op, action=self.action, count=self.count)


@dataclass
class DiscardEvent(Effect):
    op = "discard_event"

    def run(self, ctx):
        _grant(ctx, self.op)


BUILDERS = {
    "move_to": lambda ir: MoveTo(ir["town"]),
    "doom_tokens": lambda ir: DoomTokens(ir["action"], ir["count"]),
    "discard_event": lambda ir: DiscardEvent(),
}
