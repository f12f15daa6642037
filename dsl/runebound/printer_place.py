"""Canonical English of families 4 (movement and place), 8 (durations) and 9 (game-level
effects) of issue 21. printer.py registers these (one block at its end); this module does not
import printer.py (no import cycle).
"""

from __future__ import annotations

from . import nodes_place as p
from .nodes_lists import article, terrain_words

TARGETS = {"each_hero_in_space": "each Hero in your space",  # family 4
           **{f"each_hero_within_{k}": f"each Hero within {k} space{'s' if k != 1 else ''}"
              for k in range(0, 1000)}}

DURATIONS = {  # family 8
    "next_event": "until the next event",
    "end_of_next_turn": "until the end of your next turn",
    "while_held": "until this card is discarded",
    "this_event": "while this event is in play",  # issue 32 (session rbsubj)
}


def _move_to(node: p.MoveTo) -> str:
    return f"move your Hero to {node.town or 'the nearest town'}"


def _doom_tokens(node: p.DoomTokens) -> str:
    tokens = "doom token" if node.count == 1 else "doom tokens"
    if node.action == "place":
        return f"place {node.count} {tokens} on the doom track"
    return f"remove {node.count} {tokens} from the doom track"


def _discard_event(node: p.DiscardEvent) -> str:
    return "discard the event in play"


def _terrain_rule(node: p.TerrainRule) -> str:
    plural = p.TERRAIN_PLURAL
    if node.skill is None:  # issue 32: every Hero's rule
        # "move through", not "you may move through": the words read back in every place an
        # action stands (a choice's option, after "and"), which "you may" does not
        return (f"move through {plural.get(node.terrain, node.terrain)} as if they "
                f"were {plural.get(node.like, node.like)}")
    return (f"Heroes with the {node.skill} skill may move through "
            f"{plural.get(node.terrain, node.terrain)} as if they were "
            f"{plural.get(node.like, node.like)}")


def _discard_undefeated(node: p.DiscardUndefeated) -> str:
    what = "challenge" if node.count == 1 else "challenges"
    return f"discard {node.count} {what} from the undefeated track"


TEXT = {p.MoveTo: _move_to, p.DoomTokens: _doom_tokens, p.DiscardEvent: _discard_event,
        p.TerrainRule: _terrain_rule, p.DiscardUndefeated: _discard_undefeated}


def event_text(e: p.EntersSpace) -> str:
    if e.place == "town":
        return "your Hero enters a town"
    words = terrain_words(e.place)  # one terrain or several (issue 32, lists)
    return f"your Hero enters {article(words)} {words} space"


def with_events(inner):
    """printer.event, taught family 4's trigger events."""

    def event(e) -> str:
        return event_text(e) if isinstance(e, p.EntersSpace) else inner(e)

    return event
