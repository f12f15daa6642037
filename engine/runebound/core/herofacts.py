"""What effects read off a Hero (issue 32): how many of a thing it holds and the space it
stands on. Shared by the conditions of :mod:`.effects_branching` ("with 3 or more Items")
and the selectors of :mod:`.effects_core` ("each Hero in a town", "for each Ally"), so
neither of them imports the other (test_engine_layers: no import cycle).
"""

from __future__ import annotations

from .state import Hero

# what "for each ..." and "with N or more ..." count on a Hero
COUNTABLES = ("wound", "exhaustion", "gold", "item", "ally", "trophy")


def count(hero: Hero, what: str) -> int:
    if what in ("wound", "exhaustion", "gold"):
        return getattr(hero, {"wound": "wounds"}.get(what, what), 0)
    if what == "item":
        return sum(1 for c in hero.items if c not in hero.trophies)
    if what == "ally":
        return len(hero.allies)
    return len(hero.trophies)


def hero_place(engine, hero):
    """``engine.hero_place(hero)``: ``(terrain, town name or None)``, or None where the
    engine has no board (a lone combat)."""
    place = getattr(engine, "hero_place", None)
    return place(hero) if place is not None else None
