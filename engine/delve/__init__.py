"""Delve: the hero-dice action game of seed 003, as a second game beside Runebound.

Layers, each importing only the ones before it and ``runeforge.engine.common``:
``board/`` (exact geometry, tiles, placed chambers, movement, line of sight, placement) <
``rules/`` (rules data, action costs, attacks, wounds and renown). See docs/delve-engine.md.
"""
