"""The whole game: board, movement, the turn and its steps, the doom track, the endgame,
invariants and set-up."""
