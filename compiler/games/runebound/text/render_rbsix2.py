"""Localised text of branch rbsix2 (issue 32): another adventure card of the same colour, and
the condition on the wounds the enemy took this round.

The renderer says a DrawAdventure by ``effect.draw_adventure.<colour>``; the colour ``same``
(parser_rbsix2.py) is one more such clause, in the three moods of a verb clause
(templates.py). Its English is the canonical printer's (printer_rbsix2.py).
"""

from __future__ import annotations

from runeforge.dsl.runebound.printer_rbsix2 import SAME_TEXT

VERBS = {"effect.draw_adventure.same": SAME_TEXT}
# the condition round_unhurt: the enemy's wounds of this round (printer_rbsix2.round_unhurt_text)
TEMPLATES = {"condition.round_unhurt": "you did not inflict at least {n} {noun} on your enemy "
                                       "this round"}
