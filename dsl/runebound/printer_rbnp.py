"""Printer of branch rbnp: recipients coordinated with "or" (one, the player's choice)."""

from __future__ import annotations

# the canonical words of each coordination (parser_rbnp.py reads these and their variants)
RECIPIENTS = {"hero_or_this_ally": "your Hero or this Ally",
              "hero_or_other_ally": "your Hero or another Ally"}


def install(targets) -> None:
    for name, words in RECIPIENTS.items():
        targets.setdefault(name, words)
