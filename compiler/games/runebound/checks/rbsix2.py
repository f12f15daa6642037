"""Checks of branch rbsix2 (issue 32): constructions of adventure cards.

* RF551 "draw another adventure card (of the same colour)" on a card that is not an adventure
  card: only a challenge, an event or an encounter has a colour (the deck it was drawn from),
  so on an Item, an Ally or a Hero the words name no deck.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser_rbsix2 import SAME

ADVENTURE_KINDS = ("challenge", "event", "encounter")


def check(a, ctx, nodes, finding):
    if ctx.kind in ADVENTURE_KINDS:
        return
    article = "an" if ctx.kind[:1] in ("a", "e", "i", "o", "u") else "a"
    for node in nodes:
        if isinstance(node, n.DrawAdventure) and node.colour == SAME:
            yield finding("RF551", f"'another adventure card of the same colour' names the deck "
                                   f"of the card that says it, and {article} {ctx.kind} card has "
                                   "no colour", node.span,
                          hint="say the colour: 'Draw a green adventure card and resolve it.'")
