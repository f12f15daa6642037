"""Branch rbsubj (issue 32, part III): "that Hero" after a trigger said of other Heroes.

"Whenever a Hero defeats a challenge, that Hero gains 1 gold." names, with "that Hero", the Hero
whose act set the trigger off ("another Hero", "any Hero", "a Hero"): the trigger's effect is
said of that Hero (IR ``runs_for: actor`` on the trigger's event; the engine runs the effect for
the Hero who acted). Only a trigger whose whole effect is said of "that Hero" is read so
(:func:`that_hero_of_triggers`, called where parser_dice.py allows "that Hero" in the rows of a
roll by other Heroes); elsewhere "that Hero" stays refused (RF481).
"""

from __future__ import annotations

from . import nodes as n

OTHERS = ("another", "any")  # the subjects of a trigger's clause "that Hero" can name


def actor_effect(trigger) -> bool:
    """Whether ``trigger`` (an n.Trigger) is said of the Hero whose act set it off: its event is
    another or any Hero's act, and each of its clauses is "that Hero ..."."""
    if type(trigger) is not n.Trigger or not isinstance(trigger.event, n.HeroAct) or \
            trigger.event.who not in OTHERS:
        return False
    effect = trigger.effect
    leaves = effect.items if isinstance(effect, n.And) else (effect,)
    return all(isinstance(e, n.ThatHero) for e in leaves)


def that_hero_of_triggers(children) -> set[int]:
    """The ids of the "that Hero" clauses of ``children`` (sentences) that name the Hero whose
    act set off the trigger they are in."""
    found = set()
    for child in children:
        if not hasattr(child, "__dataclass_fields__"):
            continue
        for node in n.walk(child):
            if actor_effect(node):
                effect = node.effect
                found.update(id(e) for e in (effect.items if isinstance(effect, n.And)
                                             else (effect,)))
    return found


__all__ = ["OTHERS", "actor_effect", "that_hero_of_triggers"]
