"""Words of branch rbtime (issue 32, part III): when, how often and while what an effect applies
(ability.lark, the rbtime block).

* "carry / carrying", "inventory", "party", "possession", "own": a card held by its Hero
  ("while this item is in your inventory", "while this Ally is with your party");
* "his" / "her": the Hero's own turn ("at the start of his turn");
* "first": the first combat round ("during the first combat round");
* "unwounded": an Ally with no wounds ("while this Ally is unwounded");
* "remainder": a duration ("for the remainder of this combat").

lexer.py adds :data:`WORDS` to its vocabulary.
"""

from __future__ import annotations

WORDS = {"CARRY": ("carry", "carries", "carrying"), "INVENTORY": ("inventory",),
         "PARTY": ("party",), "POSSESSION": ("possession",), "OWN": ("own", "owns"),
         "HIS": ("his", "her"), "FIRST": ("first",),
         "UNWOUNDED": ("unwounded",),
         "REMAINDER": ("remainder",)}

__all__ = ["WORDS"]
