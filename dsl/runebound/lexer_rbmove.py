"""Words of branch rbmove (issue 32, part III): movement and its destinations.

"adjacent" says a space next to the Hero's ("Move your Hero to an adjacent plains space.").
Registered by lexer.py (``_register``); no token pass. The word was a WORD (a skill's or a
town's name) before; no town or skill of the game is called so.
"""

from __future__ import annotations

WORDS = {
    "ADJACENT": ("adjacent", "neighbouring", "neighboring"),
}
