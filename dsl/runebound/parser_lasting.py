"""Transformer rules of a card's lasting rules said of the card (issue 32, session rbsubj).

Each is an accepted variant of a duration the language has, so it parses to that duration's
word and `fmt` prints the canonical one:

* "While this event is in play / is active / remains in effect", "As long as this event ...",
  "Until this event is replaced", "Until replaced" are one duration, printed "While this event
  is in play, ..." (an event remains in effect till the next event that replaces it; an event
  drawn and ignored, its number below the active one's, does not end it, as it ends "Until the
  next event"): the rule is the active event's always-on rule, lowered as such;
* "While you hold this card", "As long as this Item is yours" and "While this Ally is with you"
  are "Until this card is discarded" (the card's rule holds while its Hero has it).

The checks refuse "this event" off an event's card (RF450) and over anything but an always-on
rule (RF458). "While this Ally is with you" remembers that it named the Ally (``said``), so the
checks refuse it off an Ally's card (RF450); a Word's equality is its value, so the AST is the
canonical duration's.
"""

from __future__ import annotations

from .parser_parts import _sp, _word


def _said(value: str, said: str | None):
    def rule(self, ch):
        w = _word(value, _sp(ch))
        w.said = said
        return w
    return rule


RULES = {
    "while_this_event": _said("this_event", None),
    "while_you_hold": _said("while_held", None),
    "while_this_ally": _said("while_held", "ally"),
}


def install(cls) -> None:
    for name, method in RULES.items():
        setattr(cls, name, method)
