"""Printer of branch rbmodi (issue 32): a count of a track over an effect with its own modifiers.

"Pay 1 gold to take 2 wounds until the end of this combat for each card on the doom track.": the
effect of a count after "<costs> to" says its duration and condition after it, as the effect of
"for each <thing> you have" does (printer._after_to); before it they would not read back ("... to
until the end of this combat, take 2 wounds ..."). printer.py installs it at its end.
"""

from __future__ import annotations

from . import nodes as n
from .nodes_board import ForEachOnTrack


def install(text, after_to) -> None:
    plain = text.dispatch(ForEachOnTrack)

    @text.register
    def _(node: ForEachOnTrack) -> str:
        if not isinstance(node.effect, (n.During, n.IfState, n.WhileState)):
            return plain(node)
        words = plain(node)
        head = text(node.effect)
        return after_to(node.effect) + words[len(head):]
