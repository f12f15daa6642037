"""Delve (seed 003): the hero-dice dungeon game, its rules engine."""
