"""Checks of the words by which a card names itself where the AST keeps no trace of them
(issue 32, session self; docs/diagnostics.md RF450). Some accepted variants say who acts, and
the act is the same as the canonical form's, which names nobody:

* "This challenge inflicts 2 wounds on your Hero." is "Inflict 2 wounds on your Hero." on a
  challenge's card;
* "Your magic attacks against this challenge get -2." is "You receive -2 to magic combat
  rolls." on a challenge's card;
* "This challenge cannot be escaped / attacked by Allies." is "You cannot escape from this
  combat." / "Allies cannot attack this challenge." on a challenge's card.

Off a challenge's card "this challenge" names no card, and the canonical form would say
another thing (any wounds, any enemy): RF450 (error), placed on the words. Read on the text,
as RF441 is (checks/windows.py), once the ability has compiled.
"""

from __future__ import annotations

import re

_SELF_CHALLENGE = re.compile(
    r"\bthis challenge (?:inflicts?|deals?|cannot be (?:escaped|attacked))\b"
    r"|\bagainst this challenge\b", re.IGNORECASE)


def check_text(text: str, kind: str, finding):
    """RF450 for each self-reference of a challenge in ``text`` on a card of ``kind`` that is
    not a challenge (``finding`` is checks.Finding)."""
    if kind == "challenge" or "this challenge" not in text.lower():
        return
    for m in _SELF_CHALLENGE.finditer(text):
        yield finding("RF450", "'this challenge' names no card here: only a challenge's own "
                               "text can say 'this challenge'", m.span(),
                      hint="write 'your enemy' (the challenge the Hero fights), or put the "
                           "rule on the challenge's card")
