"""Lowering of branch rbcost's trigger events (issue 32): ``<who> <verb>`` ("you rest",
"another Hero rests", "any Hero hires an Ally") is the IR event ``hero_act`` with ``who``
(``you``, ``another``, ``any``) and ``verb`` (``rest``, ``hire``)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.HeroAct):
            return {"kind": "hero_act", "who": e.who, "verb": e.verb}
        return inner(e)

    return event
