"""Analyses above Delve's rules: exact odds of a hero's turn (:mod:`.odds`)."""
