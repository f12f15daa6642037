"""Recipients coordinated with "or" (branch rbnp): "your Hero or this Ally", "your Hero or another
Ally". The player who owns the ability chooses one figure of the pool, as for ``hero_or_ally``;
a pool of one figure asks nothing. The kernel leaves an ability with such a target to the engine
(as it does every target of EXTRA_TARGETS).
"""

from __future__ import annotations


def _one_of(engine, ctx, pool, what):
    if len(pool) <= 1:
        return list(pool)
    pick = engine.ask(ctx.owner, "target", [f.id for f in pool], source=ctx.source, what=what)
    return [f for f in pool if f.id == pick][:1]


def hero_or_this_ally(engine, ctx):
    pool = [ctx.owner, *(a for a in ctx.owner.allies if a.id == ctx.source)]
    return _one_of(engine, ctx, pool, "hero_or_this_ally")


def hero_or_other_ally(engine, ctx):
    pool = [ctx.owner, *(a for a in ctx.owner.allies if a.id != ctx.source)]
    return _one_of(engine, ctx, pool, "hero_or_other_ally")


TARGETS = {"hero_or_this_ally": hero_or_this_ally, "hero_or_other_ally": hero_or_other_ally}
