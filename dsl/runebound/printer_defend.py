"""Canonical English of the Hero's defence roll as a trigger event (issue 32, session
rbdefend), registered on printer.event by :func:`with_events` (printer.py calls it; this module
does not import it): "you fail to defend", "you defend successfully"."""

from __future__ import annotations

from . import nodes as n


def with_events(inner):
    """printer.event, taught "you fail to defend" and "you defend successfully"."""

    def event(e) -> str:
        if isinstance(e, n.DefendResult):
            return "you defend successfully" if e.success else "you fail to defend"
        return inner(e)

    return event


__all__ = ["with_events"]
