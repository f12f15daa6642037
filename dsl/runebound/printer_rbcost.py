"""Canonical English of branch rbcost's trigger events (issue 32), registered on printer.event
by :func:`with_events` (printer.py calls it; this module does not import it): "you rest",
"another Hero rests", "any Hero hires an Ally" (the verb agrees with its subject)."""

from __future__ import annotations

from . import nodes as n

WHO = {"you": "you", "another": "another Hero", "any": "any Hero", "this_ally": "this Ally",
       "your_ally": "one of your Allies"}
VERB = {"rest": ("rest", "rests"), "hire": ("hire an Ally", "hires an Ally")}


def hero_act(e: n.HeroAct) -> str:
    base, third = VERB[e.verb]
    return f"{WHO[e.who]} {base if e.who == 'you' else third}"


def with_events(inner):
    def event(e) -> str:
        if isinstance(e, n.HeroAct):
            return hero_act(e)
        return inner(e)

    return event


__all__ = ["hero_act", "with_events"]
