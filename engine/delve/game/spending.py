"""A hero die spent as an event (issue 32, session delve9): "Each time you spend a 6, gain 1
renown." A hero's ``spent`` rules whose ``faces`` hold the face it spent fire after the
action the die paid for (a basic action, an ability, a weapon), in card order, with the
hero as their owner; "it" has no figure, the roll they may ask about is the die's face."""

from __future__ import annotations

from . import events


def spent(game, hero, face: int, apply) -> None:
    """Fire ``hero``'s rules on a die showing ``face`` it has just spent."""
    if game.state.result is not None or hero not in game.state.figures:
        return
    rules = [(k, ir) for k, ir in events._rules(game, hero, "spent")
             if face in ir.get("faces", (face,))]     # no faces: any die
    if rules:
        events.run(game, hero, "spent", rules, {"rolls": [face]}, apply,
                   game.state.turns.get(hero.id))
