"""Localised text of branch rbsix2 (issue 32): another adventure card of the same colour, and
the condition on the wounds the enemy took this round.

The renderer says a DrawAdventure by ``effect.draw_adventure.<colour>``; the colour ``same``
(parser_rbsix2.py) is one more such clause, in the three moods of a verb clause
(templates.py). Its English is the canonical printer's (printer_rbsix2.py).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_board import ForEachOnTrack
from runeforge.dsl.runebound.printer_board import TRACK_WORDS
from runeforge.dsl.runebound.printer_rbsix2 import SAME_TEXT

from .render_rbmod import pairs_joined

VERBS = {"effect.draw_adventure.same": SAME_TEXT}
# the condition round_unhurt: the enemy's wounds of this round (printer_rbsix2.round_unhurt_text)
TEMPLATES = {"condition.round_unhurt": "you did not inflict at least {n} {noun} on your enemy "
                                       "this round"}
# gold counted over a track after other gold ("gain 3 gold, plus 1 gold for each card on the doom
# track"), as render_rbmod.py says it of the countables a Hero has
TEMPLATES.update({f"effect.plus_track.{track}": f"{{effect}}, plus {{gold}} for each card on "
                                                f"{words}" for track, words in TRACK_WORDS.items()})


def _plus_track(before, node) -> bool:
    return isinstance(before, n.GainGold) and isinstance(node, ForEachOnTrack) \
        and isinstance(node.effect, n.GainGold)


def install(renderer_cls) -> None:
    renderer_cls._and = pairs_joined(renderer_cls._and, _plus_track,
                                     lambda more: f"effect.plus_track.{more.track}")
