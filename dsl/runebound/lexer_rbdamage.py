"""Words of branch rbdamage: how the wounds of an attack are counted ("takes only 1 wound
from any successful attack, whatever the damage", "more than 1 wound from a single attack").
Registered by lexer.py (``_register``); no token pass."""

from __future__ import annotations

WORDS = {
    "SUCCESSFUL": ("successful",),
    "WHATEVER": ("whatever",),
}
