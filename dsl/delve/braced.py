"""A hero who cannot be pushed (issue 32, branch delveseven): "Until the start of your next
turn, you cannot be pushed." (for a while, under a cost), "You cannot be pushed or pulled."
(a rule of the hero's card).

``<who> cannot be pushed [or pulled]`` (:class:`~.nodes.Steadfast`) was an adversary's rule
only. Said of "you" on a hero's card it is the hero's (``on``: ``self``, printed "you"); under a
duration it is a lasting entry ``steadfast`` on the ability's own figure, as a ward is
(game/ops._lasting), and the engine's push and pull leave a figure that holds one, or the rule,
where it is (game/traits.steadfast). IR ``{"op": "steadfast", "pushed", "pulled"}``, inside
``until`` or as a rule.

Refused: on a hero's card, any figure but "you" (RF925: another figure's rule is on its own
card); under a duration, any figure but the ability's own (RF983: a lasting entry holds the
figure that made it)."""

from __future__ import annotations

from . import nodes as n
from .problems import Problem


def own(sel: n.Selector | None, owner: str) -> bool:
    """Whether ``sel`` is the ability's own figure (``None``: the imperative)."""
    if sel is None or sel.quantity == "self" and sel.side is None:
        return True
    return owner == "adversary" and (sel.quantity == "it" or sel.quantity == "self"
                                     and sel.side == "adversary")


def braced_problems(e: n.Steadfast, owner: str, lasting_ok) -> list[Problem]:
    if own(e.on, owner) or e.on is None:
        return []
    if lasting_ok == "until":
        return [Problem("RF983", "for a while only the ability's own figure cannot be pushed "
                        "or pulled", e.on.span, "write 'Until the start of your next turn, "
                        "you cannot be pushed.'")]
    if owner == "hero":
        return [Problem("RF925", "a hero's card holds its hero's rules: 'you cannot be "
                        "pushed'; an adversary's rule is on its own card", e.on.span,
                        "write 'You cannot be pushed.'")]
    return []


def print_subject(on) -> str | None:
    """"you" for the hero's own figure (the printer names every other selector)."""
    return "you" if on is not None and on.quantity == "self" and on.side is None else None
