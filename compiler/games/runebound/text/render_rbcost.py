"""Localised text of branch rbcost's trigger events (issue 32): "you rest", "another Hero
rests", "any Hero hires an Ally" (:func:`install`, called at the end of render.py; this module
does not import render.py). Each subject and verb is a message of its own, so every language
chooses its verb's person and case."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_rbcost import VERB


def _other_act(self, e) -> str:
    """An act of "you" said of another Hero or any Hero: one message for each act and subject,
    with the terrain or the test's attribute (and skill) as the "you" message has them."""
    key = f"event.other_act.{e.who}.{e.verb}"
    if e.verb == "enter":
        from .render_place import _terrain

        return self.t(key, terrain=_terrain(self, e.detail))
    if e.verb != "test":
        return self.t(key)
    attribute, skill, success = e.detail
    key = f"{key}.{'success' if success else 'failure'}"
    slots = {"attribute": self.term("stats", attribute)}
    if skill:
        key, slots["skill"] = f"{key}.skill", self.terms.find("skills", skill) or skill
    return self.t(key, **slots)


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.HeroAct):
            if e.verb in VERB:  # rest, hire and branch rbwho's acts
                return self.t(f"event.hero_act.{e.verb}.{e.who}")
            return _other_act(self, e)
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
    "event.other_act.another.buy": "another Hero buys an Item",
    "event.other_act.another.sell": "another Hero sells an Item",
    "event.other_act.another.escape": "another Hero escapes",
    "event.other_act.another.defeat": "another Hero defeats a challenge",
    "event.other_act.another.enter_town": "another Hero enters a town",
    "event.other_act.another.enter": "another Hero enters a {terrain} space",
    "event.other_act.another.test.failure": "another Hero fails a {attribute} test",
    "event.other_act.another.test.success": "another Hero passes a {attribute} test",
    "event.other_act.another.test.failure.skill": "another Hero fails a {attribute} {skill} test",
    "event.other_act.another.test.success.skill": "another Hero passes a {attribute} {skill} test",
    "event.other_act.any.buy": "any Hero buys an Item",
    "event.other_act.any.sell": "any Hero sells an Item",
    "event.other_act.any.escape": "any Hero escapes",
    "event.other_act.any.defeat": "any Hero defeats a challenge",
    "event.other_act.any.enter_town": "any Hero enters a town",
    "event.other_act.any.enter": "any Hero enters a {terrain} space",
    "event.other_act.any.test.failure": "any Hero fails a {attribute} test",
    "event.other_act.any.test.success": "any Hero passes a {attribute} test",
    "event.other_act.any.test.failure.skill": "any Hero fails a {attribute} {skill} test",
    "event.other_act.any.test.success.skill": "any Hero passes a {attribute} {skill} test",
}
