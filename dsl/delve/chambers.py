"""A chamber named by what it holds (issue 32, session delve9): "if you are in a chamber that
contains no adversaries", "if your chamber contains 2 or more adversaries", "if this
adversary is in a chamber that contains no heroes".

The figure's own chamber is the one the condition counts in: "you are in a chamber that
contains no adversaries" is "there are no adversaries in this chamber" (printed so), and on an
adversary's card "this adversary is in a chamber that contains no heroes" is "there are no
heroes in this adversary's chamber"."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import YOU, Who, span_of, spanned_rules


@spanned_rules
class ChamberWords(Transformer):
    """The transformer's rules (delve.lark, session delve9)."""

    def chamber_holds(self, meta, ch):
        actor = next((c for c in ch if c is YOU or isinstance(c, Who)), YOU)
        if actor is YOU:
            where = n.Filter("chamber", span=span_of(meta))
        elif actor.sel.quantity == "self" and actor.sel.side == "adversary" \
                or actor.sel.quantity == "it":
            where = n.Filter("chamber", span=span_of(meta), ref="adversary")
        else:
            raise AbilitySyntaxError("the chamber is counted from you or this adversary",
                                     *actor.sel.span, hint="write 'if you are in a chamber "
                                     "that contains no adversaries'")
        rest = [c for c in ch if c is not actor]
        return self.there_are(meta, rest + [where])
