"""Keep the cyclic garbage collector off what whole games only read.

A whole game allocates millions of short-lived objects, so CPython's collector runs often,
and every few games it runs a *full* collection, which walks every object the process holds:
the compiled content alone is a quarter of a million dicts, lists and card objects, and one
full collection of it cost about as much as three games (measured for issue 19: a third of a
game's time went to the collector).

:func:`freeze_long_lived` moves every object that exists when the process plays its first
game into the collector's permanent generation (``gc.freeze``, once per process): the
content, the rules and the modules. From then on the collector walks only what was made
after, so games and their garbage are collected as before and their full collections are
cheap. The price: a frozen object that later becomes *cyclic* garbage is never reclaimed
(objects are still freed by reference counting); that is bounded by what existed at the
first game. ``RUNEFORGE_NO_GAME_CACHES=1`` leaves the collector alone (the comparison runs
without any of the speed-ups). The collector decides nothing in a game: logs are identical.
"""

from __future__ import annotations

import gc
import os

_done = False


def freeze_long_lived() -> None:
    global _done
    if _done or os.environ.get("RUNEFORGE_NO_GAME_CACHES") == "1":
        return
    _done = True
    gc.freeze()
