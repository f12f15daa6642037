"""A duration inside a duration (issue 32, "what compiles runs"): "Until the end of this turn,
until the end of this combat, you receive +1 Body." The rules held by the inner duration last
until the earlier of the two ends, so the engine puts them in force as a duration of their own
that ends then (:func:`flatten`). Before, the inner duration was kept as an effect of the outer
one and never run: the text compiled and did nothing.

Ends are ordered along one turn: a combat phase ends before its round (branch rbseven), a
combat round ends before its combat, a combat before its
turn, the turn before its owner's next one starts, which is before that turn ends. The ends of
family 8 that are not on that line ("until the next event", "until this card is discarded")
are not comparable with the others: ``check`` refuses them nested in another end (RF560), and
the engine then keeps the inner end."""

from __future__ import annotations

ORDER = ("end_of_phase", "end_of_round", "end_of_combat", "end_of_turn", "start_of_next_turn",
         "end_of_next_turn")


def earlier(outer: str, inner: str) -> str | None:
    """The end of rules held by ``inner`` inside ``outer``: the earlier of the two, the same
    end when both are the same, or None when the two ends are not comparable."""
    if outer == inner:
        return inner
    if outer in ORDER and inner in ORDER:
        return min(outer, inner, key=ORDER.index)
    return None


def flatten(until: str, effects: list[dict]) -> list[tuple[str, list[dict]]]:
    """(end, effects) of every duration that ``until`` over ``effects`` puts in force: the
    effects that are not durations under ``until`` (first, if any), then those of each
    duration inside, under the earlier end (recursively, iteratively: 32 levels nest)."""
    out: list[tuple[str, list[dict]]] = []
    stack = [(until, effects)]
    while stack:
        end, held = stack.pop(0)
        kept = [e for e in held if e.get("op") != "for_duration"]
        if kept:
            out.append((end, kept))
        for inner in (e for e in held if e.get("op") == "for_duration"):
            stack.append((earlier(end, inner["until"]) or inner["until"], inner["effects"]))
    return out


__all__ = ["ORDER", "earlier", "flatten"]
