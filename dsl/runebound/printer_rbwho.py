"""Canonical English of branch rbwho's acts (issue 32): the verbs rbcost's printer says of
every subject (printer_rbcost.VERB takes them): "you encounter a travel hazard", "another Hero
attacks you", "any Hero buys experience", "you attack another Hero"."""

from __future__ import annotations

# verb -> (the form of "you", the form of a third person)
VERBS = {
    "hazard": ("encounter a travel hazard", "encounters a travel hazard"),
    "buy_experience": ("buy experience", "buys experience"),
    "attack_hero": ("attack another Hero", "attacks another Hero"),
    "attack_you": ("attack you", "attacks you"),
    "hire_this": ("hire this Ally", "hires this Ally"),  # of you only (the grammar)  # of another Hero / any Hero only (RF540)
}

__all__ = ["VERBS"]
