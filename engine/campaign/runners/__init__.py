"""Runners: who plays an adventure (a person at a table, or the adventure game's ``play``
entry with bots), and a whole campaign from a sheet to its winner."""
