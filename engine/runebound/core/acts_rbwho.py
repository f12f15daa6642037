"""Branch rbwho (issue 32): more acts of a Hero that a trigger names with any subject, as data.

The event is rbcost's ``hero_act`` (:mod:`.effects_rbcost`): ``{"kind": "hero_act", "hero": <the
Hero who acted>, "verb": <verb>}``, matched by the trigger's ``who`` (you / another / any). This
module adds the verbs the engine had no moment for, each fired where the game does the act:

* :data:`ACTS` — verb -> where the engine fires it (docs and the check read the same table);
* :data:`OBJECTS` — a verb said with the card's Hero or the card itself as its object
  ("another Hero attacks you", "you hire this Ally"): the trigger's verb -> (the event's verb,
  the event's field, and whom it must name: ``owner``, the Hero who holds the card, or
  ``card``, the card that says it). The event's ``hero`` is still the actor, so "that Hero"
  is the attacker.

:func:`act` fires an act; :func:`matcher` wraps rbcost's matcher of ``hero_act`` with
:data:`OBJECTS` (effects.py installs it).
"""

from __future__ import annotations

# verb -> the moment the engine fires it (the module and function that do the act)
ACTS = {
    "hazard": "game/turn.py Turn.travel_hazard: a travel hazard comes up on the Hero's "
              "destination, before its adventure card is drawn and resolved",
    "buy_experience": "game/experience.py buy_experience: after each purchase of experience "
                      "(a token or a pair), once it is paid and given",
    "attack_hero": "combat/duel.py Duel.fight_heroes: a Hero attacks another Hero, before the "
                   "combat's Before Combat step (the event names the defender as 'target')",
}
# a verb with an object -> (the fired verb, the field naming the object, whom it must name)
OBJECTS = {"attack_you": ("attack_hero", "target", "owner"),
           "hire_this": ("hire", "card", "card")}  # the market's hire (effects_rbcost)
# every verb a trigger's IR may name through this module
VERBS = (*ACTS, *OBJECTS)


def act(engine, hero, verb: str, **fields) -> None:
    """Fire ``hero_act`` for ``hero``, who did ``verb`` (a key of :data:`ACTS`); ``fields``
    are the act's object (``target``: the id of the Hero attacked)."""
    assert verb in ACTS, verb
    engine.fire({"kind": "hero_act", "hero": hero.id, "verb": verb, **fields})


def matcher(base):
    """rbcost's matcher of ``hero_act`` (``base``) that reads a verb of :data:`OBJECTS`: the
    fired act must have the card's Hero as its object, then ``base`` matches its subject."""
    def match(trigger: dict, event: dict, ctx) -> bool:
        said = OBJECTS.get(trigger.get("verb"))
        if said is not None:
            verb, field, whom = said
            if event.get(field) != (ctx.owner.id if whom == "owner" else ctx.source):
                return False
            trigger = {**trigger, "verb": verb}
        return base(trigger, event, ctx)

    return match


__all__ = ["ACTS", "OBJECTS", "VERBS", "act", "matcher"]
