"""Localised text of branch rbwho's acts (issue 32): "you encounter a travel hazard", "another
Hero attacks you", "any Hero buys experience", "you attack another Hero". rbcost's renderer
says them (render_rbcost.py: one message for each act and subject, ``event.hero_act.<verb>.
<who>``); templates.py adds these. An Ally as the subject is refused at check (RF514) and "you
attack you" does not parse, so those have no message."""

from __future__ import annotations

TEMPLATES = {
    "event.hero_act.hazard.you": "you encounter a travel hazard",
    "event.hero_act.hazard.another": "another Hero encounters a travel hazard",
    "event.hero_act.hazard.any": "any Hero encounters a travel hazard",
    "event.hero_act.buy_experience.you": "you buy experience",
    "event.hero_act.buy_experience.another": "another Hero buys experience",
    "event.hero_act.buy_experience.any": "any Hero buys experience",
    "event.hero_act.attack_hero.you": "you attack another Hero",
    "event.hero_act.attack_hero.another": "another Hero attacks another Hero",
    "event.hero_act.attack_hero.any": "any Hero attacks another Hero",
    "event.hero_act.attack_you.another": "another Hero attacks you",
    "event.hero_act.attack_you.any": "any Hero attacks you",
    "event.hero_act.hire_this.you": "you hire this Ally",
}

__all__ = ["TEMPLATES"]
