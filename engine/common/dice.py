"""Dice: a seeded source passed into the engine, and a scripted one for tests.

Ten-sided dice; a face of 0 counts as 10, so a die is 1..10 and a roll of two is 2..20.
"""

from __future__ import annotations

import random

from .errors import ScriptExhausted


class Dice:
    """Seeded dice. The same seed gives the same rolls (and so the same event log)."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)
        self.last_faces: tuple[int, ...] = ()

    def d10(self) -> int:
        face = self._rng.randrange(10)  # a printed 0..9 die
        return 10 if face == 0 else face

    def roll_2d10(self) -> int:
        self.last_faces = (self.d10(), self.d10())
        return sum(self.last_faces)


class ScriptedDice:
    """Dice that return the given 2d10 totals in order (for replaying worked examples)."""

    def __init__(self, totals):
        self._totals = list(totals)
        for total in self._totals:
            if not isinstance(total, int) or not 2 <= total <= 20:
                raise ValueError(f"a 2d10 total must be an integer 2..20, got {total!r}")
        self.used = 0
        self.last_faces: tuple[int, ...] = ()

    @property
    def remaining(self) -> int:
        return len(self._totals) - self.used

    def roll_2d10(self) -> int:
        if self.used >= len(self._totals):
            raise ScriptExhausted(
                f"scripted dice ran out: the engine asked for roll #{self.used + 1} but the "
                f"script holds only {len(self._totals)} totals"
            )
        total = self._totals[self.used]
        self.used += 1
        self.last_faces = (total,)
        return total
