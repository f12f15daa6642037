"""What a compiled combat kernel may call at run time (the whole of its namespace).

A kernel's source (see :mod:`.kernel_emit`) names nothing but its own locals, the arguments
:func:`~.kernel.Kernel.run` passes, Python's ``range``, ``max``, ``min``, ``round``, ``len``
and ``True``/``False``/``None``, and the names exported here (:data:`NAMESPACE`). The kernel's
``ast`` is checked against that whitelist before ``compile()`` (:func:`.kernel.check_source`).
"""

from __future__ import annotations

from runeforge.engine.common.errors import IllegalAction


class Down(Exception):  # noqa: N818 - control flow, as the engine's Defeat
    """A Hero or the challenge is defeated: ends the combat at once (the engine's Defeat)."""


HERO_DOWN = Down("hero")
ENEMY_DOWN = Down("enemy")

# P(2d10 >= need) by need, 2d10 with faces 1..10 (the engine's combat.chance()).
_P = {n: sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= n) / 100
      for n in range(-40, 60)}


def chance(need: int) -> float:
    return 1.0 if need <= 2 else 0.0 if need > 20 else _P[need]


def ev(need: int, damage: int, risk: int) -> float:
    """The heuristic bot's expected wounds of an attack (Combat._phase_info), rounded."""
    p = chance(need)
    return round(p * damage - (1 - p) * 0.25 * risk, 4)


REFUSALS = {
    1: "{!r} is not an ability that may be used here",
    2: "no wounds are being inflicted to cancel",
    3: "a player may never choose exhaustion that would turn into wounds",
}


def refuse(code: int, what=None):
    raise IllegalAction(REFUSALS[code].format(what))


# Step codes of a kernel: Before Combat, the escape step, the three phases, and no step
# (the Defeat Challenge and After Combat windows, outside combat proper).
BC, ESC, RANGED, MELEE, MAGIC, NONE = range(6)
STEP_OF = {"before_combat": BC, "escape": ESC, "ranged": RANGED, "melee": MELEE,
           "magic": MAGIC}

NAMESPACE = {
    "Down": Down, "HERO_DOWN": HERO_DOWN, "ENEMY_DOWN": ENEMY_DOWN, "chance": chance,
    "ev": ev, "refuse": refuse,
}
BUILTINS = {"range": range, "max": max, "min": min, "round": round, "len": len, "set": set,
            "list": list, "tuple": tuple, "frozenset": frozenset}
