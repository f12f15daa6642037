"""The campaign layer (seed 004, issue 14): what happens between the adventures of a game.

Game-independent: it imports only :mod:`runeforge.engine.common` and the standard library (and
jsonschema for the sheet). An adventure is played by a runner that is handed the adventure
game's ``play`` entry point, or by a person at a table (the manual runner). Layers, each
importing only the ones before it: ``data`` → ``sheet/`` (the campaign sheet: state, random
streams, load and save) → ``rules/`` (XP, overlord tiers, shop, sell and trade, progress,
travel, relics, each refusing an illegal action with the rule's number) → ``phase/`` (the eight
steps of the campaign phase, bots) → ``runners/`` (manual, bot, whole campaigns).
"""
