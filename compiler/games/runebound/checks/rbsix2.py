"""Checks of branch rbsix2 (issue 32): constructions of adventure cards.

* RF551 "draw another adventure card (of the same colour)" on a card that is not an adventure
  card: only a challenge, an event or an encounter has a colour (the deck it was drawn from),
  so on an Item, an Ally or a Hero the words name no deck.
* RF552 "if you did not inflict at least 1 wound on your enemy this round" away from a combat
  round: it is told at the end of a round ("At the end of each combat round, ...") or in a
  phase of it (a phase-tagged ability); anywhere else there is no round to count.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser_rbsix2 import SAME

ADVENTURE_KINDS = ("challenge", "event", "encounter")


ROUND_TAGS = ("ranged", "melee", "magic", "any_phase", "all_phases")


def _round_end_conditions(a) -> set:
    """The ids of the conditions said under "At the end of each combat round,"."""
    found = set()
    for s in a.sentences:
        for node in n.walk(s):
            if type(node) is n.Trigger and type(node.event) is n.CombatRound \
                    and node.event.edge == "end":
                found.update(id(c) for c in n.walk(node.effect) if type(c) is n.Condition)
    return found


def _round_unhurt(a, nodes, finding):
    said = [c for c in nodes if type(c) is n.Condition and c.kind == "round_unhurt"]
    if not said or a.tag in ROUND_TAGS:
        return
    allowed = _round_end_conditions(a)
    for c in said:
        if id(c) not in allowed:
            yield finding("RF552", "the wounds inflicted this round are counted in a combat "
                                   "round: here there is none", c.span,
                          hint="say it at the round's end: 'At the end of each combat round, "
                               "if you did not inflict at least 1 wound on your enemy this "
                               "round, take 1 exhaustion.'")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Condition, n.DrawAdventure)


def check(a, ctx, nodes, finding):
    yield from _round_unhurt(a, nodes, finding)
    if ctx.kind in ADVENTURE_KINDS:
        return
    article = "an" if ctx.kind[:1] in ("a", "e", "i", "o", "u") else "a"
    for node in nodes:
        if isinstance(node, n.DrawAdventure) and node.colour == SAME:
            yield finding("RF551", f"'another adventure card of the same colour' names the deck "
                                   f"of the card that says it, and {article} {ctx.kind} card has "
                                   "no colour", node.span,
                          hint="say the colour: 'Draw a green adventure card and resolve it.'")
