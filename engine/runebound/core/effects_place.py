"""Effect objects of family 4 (movement and place) and family 9 (game-level effects).

They act on the board and the game (a Hero's position, the doom track, the event in play),
which the combat engine does not hold: each records a *grant* for the turn loop, as the
movement and market effects do (``Resolver.grants``), and the game applies it after the
window (:mod:`runeforge.engine.runebound.game.place`). In a combat they are refused: the
compiler already refuses them in a phase-tagged ability (RF421).

Registered in :data:`runeforge.engine.runebound.core.effects.EXTRA_BUILDERS` (builders) and
``EVENT_MATCHERS`` (the trigger event "your Hero enters a town / a swamp space").
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from .ir_lists import matches


class _GameEffect:
    """The interface of :class:`runeforge.engine.runebound.core.effects.Effect` (not imported:
    effects.py registers this module's builders, and the engine has no import cycles)."""

    op = ""
    static_kind = False

    def describe(self) -> str:
        return self.op


def _grant(ctx, op: str, **fields) -> None:
    engine = ctx.engine
    if engine.moment.in_combat:
        raise IllegalAction(f"{ctx.source}: the '{op}' effect acts on the game, not in a "
                            "combat")
    grant = {"hero": ctx.owner.id, "source": ctx.source, "op": op, **fields}
    engine.grants.append(grant)
    engine.log.emit("grant", **grant)


@dataclass
class MoveTo(_GameEffect):
    town: str | None  # None: the nearest town
    op = "move_to"

    def run(self, ctx):
        _grant(ctx, self.op, town=self.town)


@dataclass
class DoomTokens(_GameEffect):
    action: str  # place | remove
    count: int
    op = "doom_tokens"

    def run(self, ctx):
        _grant(ctx, self.op, action=self.action, count=self.count)


@dataclass
class DiscardEvent(_GameEffect):
    op = "discard_event"

    def run(self, ctx):
        _grant(ctx, self.op)


@dataclass
class DiscardUndefeated(_GameEffect):
    count: int
    op = "discard_undefeated"

    def run(self, ctx):
        _grant(ctx, self.op, count=self.count)


@dataclass
class TerrainRule(_GameEffect):
    """"Heroes with the Climb skill may move through mountains as if they were plains.":
    always on (the movement step reads it, game/place.py); used as a non-static ability (with
    a cost or a window) it holds to the end of the turn."""

    skill: str
    terrain: str
    like: str
    op = "terrain_rule"
    static_kind = True

    def run(self, ctx):
        ctx.engine.add_duration(ctx, "end_of_turn", [self.ir()])

    def ir(self):
        return {"op": self.op, "skill": self.skill, "terrain": self.terrain, "like": self.like}


BUILDERS = {
    "terrain_rule": lambda ir: TerrainRule(ir["skill"], ir["terrain"], ir["like"]),
    "move_to": lambda ir: MoveTo(ir["town"]),
    "doom_tokens": lambda ir: DoomTokens(ir["action"], ir["count"]),
    "discard_event": lambda ir: DiscardEvent(),
    "discard_undefeated": lambda ir: DiscardUndefeated(ir["count"]),
}



def _enters(wanted: dict, event: dict, ctx) -> bool:
    """"Every time your Hero enters a town / a swamp space": the game fires
    ``{"kind": "enters_space", "hero", "space", "terrain", "town"}`` when a Hero ends a move
    in a space (game/place.py)."""
    if event.get("hero") != ctx.owner.id:
        return False
    if wanted["place"] == "town":
        return bool(event.get("town"))
    return matches(event.get("terrain"), wanted["place"])  # one terrain or a list (lists)


MATCHERS = {"enters_space": _enters}



def _near(within: int | None):
    """Every Hero in the game (none knocked out of the endgame) whose space is at most
    ``within`` spaces from the owner's (``None``: the owner's own space). Without a board (a
    scenario's combat) the owner is the only Hero known to be in its space."""

    def heroes(engine, ctx) -> list:
        game = getattr(engine, "game", None)
        if game is None:
            return [ctx.owner]
        positions = game.state.positions
        at = positions.get(ctx.owner.id)
        out = set(game.state.endgame.get("out", ()))
        found = []
        for hero in game.state.heroes:
            there = positions.get(hero.id)
            if hero.id in out or at is None or there is None:
                continue
            far = 0 if there == at else game.board.distance(at, there)
            if far is not None and far <= (within or 0):
                found.append(hero)
        return found

    return heroes


MAX_WITHIN = 9
TARGETS = {"each_hero_in_space": _near(None),
           **{f"each_hero_within_{k}": _near(k) for k in range(1, MAX_WITHIN + 1)}}
