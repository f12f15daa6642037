"""Counted bonuses that stay live (issue 32, part III): an always-on ``modify`` under a
``repeat`` ("You receive +1 Mind for each Item you have.", "This Ally receives +1 Life for
each Ally you have."). The count is taken when the stat is read, so the bonus follows the
cards, tokens and gold the Hero has at that moment.

The standing rules' cache (standing.py) keeps constants only, so these bonuses are never
cached: :func:`counted_modifiers` reads them afresh on every read of a stat some card counts
(:func:`counted_stats`, kept on the catalog for its current summary, says which), and a stat
no card counts costs one set lookup."""

from __future__ import annotations

from .herofacts import count
from .state import Hero


def counted_rules(card) -> tuple:
    """``(repeat, modify)`` pairs of ``card``'s always-on counted bonuses (computed once for
    the card's always-on effects)."""
    standing = card.standing_effects
    found = card.__dict__.get("_counted_rules")
    if found is None or found[0] is not standing:  # kept with the effects it was read from
        found = card.__dict__["_counted_rules"] = (standing, tuple(
            (e, inner) for e in standing if e.op == "repeat"
            for inner in e.effects if inner.op == "modify"))
    return found[1]


def counted_stats(catalog) -> frozenset:
    """The stats some always-on counted bonus of some card of ``catalog`` modifies."""
    summary = catalog._summarised()
    found = getattr(catalog, "_counted_stats", None)
    if found is None or found[0] is not summary:
        stats = frozenset(m.stat for c in catalog.cards.values() for _r, m in counted_rules(c))
        found = catalog._counted_stats = (summary, stats)
    return found[1]


def counted_modifiers(engine, fig, name: str) -> int:
    """What the counted bonuses in force add to ``fig``'s stat ``name`` now: each bonus
    times the count of its card's Hero (at most ``most`` times)."""
    if name not in counted_stats(engine.catalog):
        return 0
    total = 0
    for owner, card in engine._standing_cards():
        if fig is not owner and isinstance(fig, Hero) and engine.everyones(card):
            continue  # an event's rule is every Hero's: it reaches each Hero once
        for repeat, modify in counted_rules(card):
            if modify.stat != name:
                continue
            value = engine._modifier(fig, owner, card.id, modify, None)
            if value:
                times = count(owner, repeat.per)
                if repeat.most is not None:
                    times = min(times, repeat.most)
                total += value * times
    return total
