"""Combat: a Hero against a challenge, Hero against Hero, and combat inside the whole game."""
