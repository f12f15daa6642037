"""What every game's engine uses: seeded dice, the event log, the player/decision interface
and the error classes. Nothing here knows a game: the games (``runebound`` …) import this
package, never the other way round."""
