"""Words of branch rbmove (issue 32, part III): movement and its destinations.

"adjacent" says a space next to the Hero's ("Move your Hero to an adjacent plains space.");
"symbol" a terrain's symbol on a movement die ("use any hills symbol as a mountain symbol").
Registered by lexer.py (``_register``); no token pass. The word was a WORD (a skill's or a
town's name) before; no town or skill of the game is called so.
"""

from __future__ import annotations

WORDS = {
    "ADJACENT": ("adjacent", "neighbouring", "neighboring"),
    "SYMBOL": ("symbol", "symbols"),  # "use any hills symbol as a mountain symbol"
    "TREAT": ("treat",),  # "treat one of your movement dice as showing a river symbol"
    "SHOWING": ("showing",),
}
