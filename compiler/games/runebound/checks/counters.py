"""Checks of the board's adventure counters (issue 32, branch rbboard), registered with the
checks of family 4/9 (place.py) by :func:`install`:

* RF421 placing or removing a counter, moving a card to or from the doom track, or a market
  stack's cards, in a phase-tagged or Before Combat ability: they lie on the board, not in a
  combat (the engine refuses it there too);
* RF422 "within N spaces" with N 0 or over 9, as "each Hero within N spaces"; discarding 0
  cards from the doom track; market cards added to a town's stack that are not a number of 1 or
  more;
* RF491 a card added to the undefeated track: a card goes there only where a Hero leaves a
  challenge undefeated (with its marker on that space);
* RF492 a counter on a gem space of another colour: a gem takes the counters of its colour
  (the Hero who stops there draws from the deck of the counter's colour);
* RF451 a bonus "for each card on the doom track" as an always-on rule ("This challenge
  receives +1 Life for every card on the undefeated track."): the engine keeps always-on rules
  as constants, as for "for each Ally you have".
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_board import (
    MAX_WITHIN,
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    PlaceCounter,
    RemoveCounter,
)

COMBAT_TAGS = ("before_combat", "ranged", "melee", "magic", "any_phase", "all_phases")


def _check(a, ctx, node, finding):
    if a.tag in COMBAT_TAGS:
        what = "an adventure counter" if isinstance(node, (PlaceCounter, RemoveCounter)) \
            else "the market" if isinstance(node, (DiscardFromMarket, DrawMarketTo)) \
            else "the doom track"
        yield finding("RF421", f"{what} lies on the board, not in a combat: it "
                               f"cannot be in a '{a.tag.replace('_', ' ').title()}:' ability",
                      node.span, hint="drop the tag, or use a window such as 'After combat,' "
                                      "or 'At the end of your turn,'")
    if isinstance(node, DiscardFromTrack) and node.count == 0:
        yield finding("RF422", "discard 0 cards: the effect does nothing", node.span,
                      hint="write 1 or more, or drop the clause")
    if isinstance(node, DrawMarketTo) and (node.amount.kind != "fixed"
                                           or node.amount.values[0] == 0):
        yield finding("RF422", "the market cards added to a town's stack are a number of 1 or "
                               "more", node.span, hint="write 'Draw 2 market cards and add "
                                                       "them to the market stack of the nearest "
                                                       "town.'")
    if isinstance(node, AddToTrack) and node.track != "doom":
        yield finding("RF491", "a card goes on the undefeated track only where a Hero leaves a "
                               "challenge undefeated: no effect can add one", node.span,
                      hint="add it to the doom track: 'Add the top card of the "
                           f"{node.colour} adventure deck to the doom track.'")
    if not isinstance(node, PlaceCounter):
        return
    within = node.on.within
    if within is not None and not 1 <= within <= MAX_WITHIN:
        yield finding("RF422", f"'within {within} spaces': a distance is 1 to {MAX_WITHIN} "
                               "spaces", node.on.span,
                      hint="drop 'within ...' for any space of the board" if within else
                      "write 'Remove the adventure counter from your space.' for your own")
    if node.colour != node.on.colour:
        yield finding("RF492", f"a {node.colour} adventure counter cannot go on a "
                               f"{node.on.colour} gem space: a gem takes counters of its colour",
                      getattr(node.on.colour, "span", None) or node.on.span,
                      hint=f"write 'on ... empty {node.colour} gem space' or 'place a "
                           f"{node.on.colour} adventure counter'")


def _for_each_track(a, ctx, node, finding):
    standing = a.tag is None and a.window is None and not a.costs and not a.limits
    if standing and any(isinstance(inner, (n.Modifier, n.CostModifier, n.Restrict))
                        for inner in n.walk(node.effect)):
        yield finding("RF451", "a bonus 'for each card on the track' cannot be an always-on "
                               "rule: the engine keeps those as constants", node.span,
                      hint="give it a timing ('Before Combat: This challenge receives +1 Life "
                           "for each card on the doom track.'), where the cards are counted "
                           "when it happens")


def install(checks: dict) -> None:
    checks.update(dict.fromkeys((PlaceCounter, RemoveCounter, AddToTrack, DiscardFromTrack,
                                 DiscardFromMarket, DrawMarketTo), _check))
    checks[ForEachOnTrack] = _for_each_track
