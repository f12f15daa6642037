"""A hero's standing bonus that holds while a state of the board does (issue 32, part III,
branch delvepassive): "While you are adjacent to another hero, your combat attacks deal +1
Damage.", "Your attacks add 1 to their rolls if an adversary is adjacent to you.", "As long
as you are wounded, add 1 to your Move."

The condition is one the engine reads on the board at the moment it counts the bonus (the
same as an adversary's held rule, checks.py ``held_rule``): ``none`` / ``some`` (figures
that are or are not there) and ``wounds``. engine/delve/game/traits.py ``bonus`` sums the
hero's boosts through ``rules_of``, which keeps a held rule only while its condition is met.
"""

from __future__ import annotations

from . import nodes as n
from .hero_states_dhero import STATES  # issue 32 (branch dhero)

HELD = ("none", "some", "wounds")   # the conditions traits._board_holds reads
HELD += STATES   # a hero's state (branch dhero)


def held_boost(effect, owner: str) -> bool:
    """A condition on the board over a hero's own bonuses (roll, Damage, Move)."""
    return owner == "hero" and isinstance(effect, n.Rider) and effect.cond in HELD \
        and effect.instead is None and bool(effect.effects) \
        and all(isinstance(e, n.Boost) and e.on is None for e in effect.effects)
