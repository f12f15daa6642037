"""Printer of branch rbmodi (issue 32): counts over a duration, and a count of a track over an
effect with its own modifiers.

A count outside a duration (the canonical nesting, parser_rbmodi.py) is said with the duration
first, as the rules text renders it: "Until the end of this turn, you receive +1 Mind for each
Ally you have.", "Until the end of this turn, each Hero receives +1 Body for each Ally they
have."; after "<costs> to" the duration follows the effect, where the parser reads it: "Activate
to receive +1 Body until the end of this combat for each Ally you have." The effect of a track's
count says its condition after it there too (printer._after_to). printer.py installs it at its
end.
"""

from __future__ import annotations

from dataclasses import replace

from . import nodes as n
from .nodes_board import ForEachOnTrack

COUNTS = (n.ForEach, ForEachOnTrack)


def lifted(node):
    """(the duration, ``node`` without it) when ``node`` is one or more counts over a duration,
    else None."""
    chain, cur = [], node
    while type(cur) in COUNTS:
        chain.append(cur)
        cur = cur.effect
    if not chain or type(cur) is not n.During:
        return None
    inner = cur.effect
    for count in reversed(chain):
        inner = replace(count, effect=inner)
    return cur.until, inner


def install(text, after_to, printer) -> None:
    plain_track = text.dispatch(ForEachOnTrack)
    plain_count = text.dispatch(n.ForEach)
    plain_each = text.dispatch(n.Each)

    def track_after(node) -> str:  # the effect's own modifiers after it, then the count
        return after_to(node.effect) + plain_track(node)[len(text(node.effect)):]

    @text.register
    def _(node: ForEachOnTrack) -> str:
        lift = lifted(node)
        if lift is not None:
            return f"{printer.DURATIONS[lift[0]]}, {text(lift[1])}"
        if isinstance(node.effect, (n.IfState, n.WhileState)):
            return track_after(node)
        return plain_track(node)

    @text.register
    def _(node: n.ForEach) -> str:
        lift = lifted(node)
        if lift is None:
            return plain_count(node)
        return f"{printer.DURATIONS[lift[0]]}, {text(lift[1])}"

    @text.register
    def _(node: n.Each) -> str:  # "Until ..., each Hero receives +1 Body for each ..."
        lift = lifted(node.effect)
        if lift is None:
            return plain_each(node)
        return f"{printer.DURATIONS[lift[0]]}, {text(replace(node, effect=lift[1]))}"

    bare = printer._bare_you

    def _bare_you(node) -> str:  # after "<costs> to": the duration after the effect
        if type(node) is ForEachOnTrack and lifted(node) is not None:
            return track_after(node)
        if type(node) is n.ForEach and lifted(node) is not None:
            return plain_count(node)
        if type(node) is ForEachOnTrack and isinstance(node.effect, n.Modifier) \
                and node.effect.subject == "you":  # "... to receive +2 Mind for each card ..."
            return text(node).removeprefix("you ")
        return bare(node)

    printer._bare_you = _bare_you
