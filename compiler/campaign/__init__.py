"""The campaign game's compiler side: abilities (Delve dialect), checks, text and faces."""
