"""The figure that dealt the wound, in a rule on a wound (issue 32, part III, branch dprose).

"Each time this adversary suffers a wound, it moves 1 space away from the hero that wounded
it.", "When you are wounded, the adversary who wounded you suffers 1 wound.": the selector
``wounder`` (delve.lark: ``THE (HERO | ADVERSARY) (WHO | THAT) WOUNDED (IT | YOU)``) is the
figure whose attack or ability dealt the wound the trigger ``wounded`` runs on. The engine
passes it where the wound is dealt (``events.wounded``' ``by``, the context's ``wounder``);
it picks that figure only while it stands and is of the side the text names (a hero's wound
from a trap or a rule of its own has no wounder: the effect then picks no one). Only in a
rule on a wound (RF914 elsewhere, as 'the hero who slew it' follows 'is slain').

The ranked selectors with adjectives ("the visible hero with the most wounds", "the most
wounded adjacent hero") are grammar only (delve.lark, branch dprose): the adjectives are the
selector's filters, as after the noun.
"""

from __future__ import annotations

from lark import Transformer

from . import nodes as n
from .words import Who, span_of, spanned_rules


@spanned_rules
class WounderWords(Transformer):
    """``THE (HERO | ADVERSARY) (WHO | THAT) WOUNDED (IT | YOU | THIS ADVERSARY)`` ->
    ``wounder``."""

    def wounder(self, meta, ch):
        # the noun after "the" ("the hero that wounded this adversary" names the hero; the
        # adversary after "wounded" is the one wounded, branch dsight's wording)
        side = next(("hero" if t.type == "HERO" else "adversary") for t in ch
                    if getattr(t, "type", None) in ("HERO", "ADVERSARY"))
        return Who(n.Selector("wounder", side, span=span_of(meta)))
