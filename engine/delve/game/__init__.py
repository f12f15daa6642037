"""Delve's game loop (issue 13): set-up, the hero phase, the adversary phase, the end of the
game, invariants and bots, above :mod:`..rules` and :mod:`..board`."""
