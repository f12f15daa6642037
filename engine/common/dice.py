"""Dice: a seeded source passed into the engine, and a scripted one for tests.

Ten-sided dice; a face of 0 counts as 10, so a die is 1..10 and a roll of two is 2..20.
"""

from __future__ import annotations

import random

from .errors import EngineError, ScriptExhausted


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

    def die(self, faces: int) -> int:
        """One die of ``faces`` faces, 1..faces (a face of 0 counts as ``faces``, as on the
        d10: ``die(10)`` is ``d10()``). For "Roll a die" tables."""
        face = self._rng.randrange(faces)
        self.last_faces = (faces if face == 0 else face,)
        return self.last_faces[0]


class ScriptedDice:
    """Dice that return the given 2d10 totals in order (for replaying worked examples); a
    single die ("Roll a die", :meth:`die`) takes the next value as its face."""

    def __init__(self, totals):
        self._totals = list(totals)
        for total in self._totals:
            if not isinstance(total, int) or not 1 <= total <= 20:
                raise ValueError(f"a scripted roll must be an integer 1..20 (a 2d10 total, "
                                 f"or one die's face), got {total!r}")
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
        if total < 2:
            raise EngineError(f"scripted roll #{self.used + 1} is {total}, but the engine rolls "
                             "2d10 here (2..20)")
        self.used += 1
        self.last_faces = (total,)
        return total

    def die(self, faces: int) -> int:
        if self.used >= len(self._totals):
            raise ScriptExhausted(
                f"scripted dice ran out: the engine rolls one die (roll #{self.used + 1}) but "
                f"the script holds only {len(self._totals)} values")
        face = self._totals[self.used]
        if not 1 <= face <= faces:
            raise EngineError(f"scripted roll #{self.used + 1} is {face}, but the engine rolls "
                             f"one die here (1..{faces})")
        self.used += 1
        self.last_faces = (face,)
        return face
