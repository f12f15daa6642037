"""Localised text of branch rbcost's trigger events (issue 32): "you rest", "another Hero
rests", "any Hero hires an Ally" (:func:`install`, called at the end of render.py; this module
does not import render.py). Each subject and verb is a message of its own, so every language
chooses its verb's person and case."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.HeroAct):
            return self.t(f"event.hero_act.{e.verb}.{e.who}")
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    renderer_cls.event = _with_events(renderer_cls.event)


# the English of each subject and verb (templates.py adds them to its messages)
TEMPLATES = {
    "event.hero_act.rest.you": "you rest",
    "event.hero_act.rest.another": "another Hero rests",
    "event.hero_act.rest.any": "any Hero rests",
    "event.hero_act.rest.this_ally": "this Ally rests",
    "event.hero_act.rest.your_ally": "one of your Allies rests",
    "event.hero_act.hire.you": "you hire an Ally",
    "event.hero_act.hire.another": "another Hero hires an Ally",
    "event.hero_act.hire.any": "any Hero hires an Ally",
    "event.hero_act.hire.this_ally": "this Ally hires an Ally",
    "event.hero_act.hire.your_ally": "one of your Allies hires an Ally",
}
