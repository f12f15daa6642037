"""Semantic checks of family 5/6 (issue 21): decks and cards, economy and experience.

RF430 "its cost" without "discard an Item"; RF431 an Ally's stats (Life required, each stat
once); RF432 "this card" has no deck or cannot become an Ally on this kind of card;
RF433 a payer that is not another Hero; RF434 "this card's cost" on a card without a cost.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer import TARGETS
from runeforge.dsl.runebound.printer_decks import ALLY_STAT_NAMES

# where "this card" can go: the kinds of card that have a deck ("return this card to the
# bottom of its deck") and the kinds that can be placed in front of the Hero as an Ally
HAS_DECK = ("challenge", "event", "encounter", "item", "ally")
BECOMES_ALLY = ("challenge", "event", "encounter")
HAS_COST = ("item", "ally")  # market cards print a cost
PAYERS = ("each_other_hero", "another_hero")
FAMILY = (n.GainGoldEqual, n.PlaceAlly, n.ReturnToDeck, n.PaysYou)


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = FAMILY


def check(a: n.Ability, ctx, nodes, Finding):  # noqa: N803 - checks.Finding, passed in
    """The family's findings (``Finding`` is checks.Finding: passed in, not imported, so that
    checks.py can import this module without a cycle)."""
    family = [node for node in nodes if isinstance(node, FAMILY)]
    if not family:  # most abilities: nothing of this family to check
        return
    discards = any(isinstance(c, n.DiscardItem) for c in a.costs)
    for node in family:
        if isinstance(node, n.GainGoldEqual):
            if node.basis == "discarded" and not discards:
                yield Finding("RF430", "'its cost' counts the Item discarded by this ability, "
                                       "but it discards none", node.span,
                              hint="start with 'Discard an Item to gain gold equal to its "
                                   "cost.', or write 'this card's cost'")
            if node.basis == "this_card" and ctx.kind not in HAS_COST:
                yield Finding("RF434", f"a {ctx.kind} card has no cost to count", node.span,
                              hint="only Items and Allies have a cost; write a number: "
                                   "'gain 2 gold'")
        elif isinstance(node, n.PlaceAlly):
            yield from _ally_stats(node, Finding)
            if ctx.kind not in BECOMES_ALLY:
                yield Finding("RF432", f"a {ctx.kind} card cannot be placed in front of the "
                                       "Hero as an Ally", node.span,
                              hint="adventure cards (encounters, events, challenges) do that")
        elif isinstance(node, n.ReturnToDeck) and ctx.kind not in HAS_DECK:
            yield Finding("RF432", f"a {ctx.kind} card has no deck to return to", node.span,
                          hint="adventure and market cards have decks; Hero cards do not")
        elif isinstance(node, n.PaysYou) and node.payer not in PAYERS:
            who = TARGETS.get(node.payer, node.payer)
            yield Finding("RF433", f"{who} cannot pay you: only other Heroes pay gold",
                          node.span, hint="write 'each other Hero pays you ...' or 'another "
                                          "Hero pays you ...'")


def _ally_stats(node: n.PlaceAlly, Finding):  # noqa: N803
    spans = node.stat_spans or tuple(node.span for _ in node.stats)
    seen = set()
    for (stat, _value), span in zip(node.stats, spans, strict=True):
        if stat in seen:
            yield Finding("RF431", f"{ALLY_STAT_NAMES[stat]} is given twice", span,
                          hint="give each stat once")
        seen.add(stat)
    if "life" not in seen:
        yield Finding("RF431", "an Ally needs Life", node.span,
                      hint="add it: '... as an Ally with Life 3 and Body 2'")
