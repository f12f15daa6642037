"""Heroes spared the pin, and the hero's own pin lifted for a while (issue 32, part III,
branch dhero).

* "Heroes adjacent to you are not pinned.", "Each hero in your chamber is never pinned.",
  "Other heroes within 2 spaces of you cannot be pinned.": a hero's rule over the heroes it
  names (:class:`Spared`; IR ``unpinned`` with ``targets``): while the rule's hero stands, the
  heroes its selector picks are not pinned (A5: their Move costs (1+); game/pins_dhero.py).
* "Until the start of your next turn, you cannot be pinned.", "(2+): Until the end of your
  turn, heroes adjacent to you are not pinned.": the same under a duration, lasting
  (``until``). "This hero is no longer pinned." is "you are not pinned" (= "you are never
  pinned": a rule of the card, or under a duration in an action).

Pinning is a hero's: the subject must name heroes ("adversaries adjacent to you are not
pinned" is RF925)."""

from __future__ import annotations

from dataclasses import field

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n


@astnode
class Spared:
    """``<heroes> are never pinned``: a hero's rule (or lasting) over the heroes it names."""

    target: n.Selector
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


def spared(who, span) -> Spared:
    if who.side != "hero":
        raise AbilitySyntaxError("only heroes are pinned (A5): say which heroes are not",
                                 *who.span, code="RF925",
                                 hint="write 'Heroes adjacent to you are not pinned.'")
    return Spared(who, span)


def print_spared(e: Spared, print_selector, verb) -> str:
    return f"{print_selector(e.target)} {verb(e.target, 'are', 'is')} never pinned"


PINS = (n.Unpinned, Spared)   # may last under a duration (checks.py)
