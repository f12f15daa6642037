"""Localised text of branch rbsix2 (issue 32): another adventure card of the same colour.

The renderer says a DrawAdventure by ``effect.draw_adventure.<colour>``; the colour ``same``
(parser_rbsix2.py) is one more such clause, in the three moods of a verb clause
(templates.py). Its English is the canonical printer's (printer_rbsix2.py).
"""

from __future__ import annotations

from runeforge.dsl.runebound.printer_rbsix2 import SAME_TEXT

VERBS = {"effect.draw_adventure.same": SAME_TEXT}
