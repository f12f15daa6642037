"""Canonical English of branch rbcost's trigger events (issue 32), registered on printer.event
by :func:`with_events` (printer.py calls it; this module does not import it): "you rest",
"another Hero rests", "any Hero hires an Ally" (the verb agrees with its subject)."""

from __future__ import annotations

from . import nodes as n

WHO = {"you": "you", "another": "another Hero", "any": "any Hero", "this_ally": "this Ally",
       "your_ally": "one of your Allies"}
VERB = {"rest": ("rest", "rests"), "hire": ("hire an Ally", "hires an Ally")}


# the acts said of "you" elsewhere, said of another Hero or any Hero (third person)
DEEDS = {"buy": "buys an Item", "sell": "sells an Item", "escape": "escapes",
         "defeat": "defeats a challenge", "enter_town": "enters a town"}


def you_event(e: n.HeroAct):
    """The event node of the same act said of "you" (its IR is the one fired for every Hero)."""
    if e.verb == "buy" or e.verb == "sell":
        return n.ItemTraded(e.verb, span=e.span)
    if e.verb == "escape":
        return n.Escaped(span=e.span)
    if e.verb == "defeat":
        return n.DefeatChallenge(span=e.span)
    if e.verb == "enter_town":
        return n.EntersSpace("town", span=e.span)
    if e.verb == "enter":
        return n.EntersSpace(e.detail, span=e.span)
    if e.verb == "test":
        return n.TestResult(*e.detail, span=e.span)
    return None


def hero_act(e: n.HeroAct, inner) -> str:
    if e.verb in VERB:
        base, third = VERB[e.verb]
        return f"{WHO[e.who]} {base if e.who == 'you' else third}"
    if e.verb in DEEDS:
        return f"{WHO[e.who]} {DEEDS[e.verb]}"
    said = inner(you_event(e))  # "your Hero enters a forest space", "you fail a Mind test"
    if e.verb == "enter":
        return f"{WHO[e.who]} enters {said.split(' enters ', 1)[1]}"
    verb, rest = said.split(" ", 2)[1:]
    return f"{WHO[e.who]} {'fails' if verb == 'fail' else 'passes'} {rest}"


def with_events(inner):
    def event(e) -> str:
        if isinstance(e, n.HeroAct):
            return hero_act(e, inner)
        return inner(e)

    return event


__all__ = ["hero_act", "with_events", "you_event"]

# branch rbwho: more acts of a Hero ("you encounter a travel hazard", "another Hero attacks you")
from .printer_rbwho import VERBS as _RBWHO_VERBS  # noqa: E402

VERB.update(_RBWHO_VERBS)
