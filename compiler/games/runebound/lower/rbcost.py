"""Lowering of branch rbcost's trigger events (issue 32): ``<who> <verb>`` ("you rest",
"another Hero rests", "any Hero hires an Ally") is the IR event ``hero_act`` with ``who``
(``you``, ``another``, ``any``) and ``verb`` (``rest``, ``hire``); an act the language has of
"you", said of another Hero or any Hero ("another Hero buys an Item"), is ``other_act`` with
``who`` and the ``event`` of "you" (the engine matches it for the Hero who acted)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_rbcost import VERB, you_event


def with_events(inner):
    def event(e) -> dict:
        if isinstance(e, n.HeroAct):
            if e.verb in VERB:
                return {"kind": "hero_act", "who": e.who, "verb": e.verb}
            return {"kind": "other_act", "who": e.who, "event": inner(you_event(e))}
        return inner(e)

    return event
