"""Bots: the combat bot and the game bots, which answer through the player interface."""
