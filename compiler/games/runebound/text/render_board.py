"""Localised text of the board's adventure counters (issue 32, branch rbboard): Renderer
methods installed by :func:`install` (called at the end of render.py; this module does not
import render.py).

The clause is the verb's template (three moods): ``effect.place_counter`` with the counter's
colour ``{colour}`` and the place phrase ``{gems}``; ``effect.remove_counter`` (``.colour``
when the card names one). The place phrase is ``gems.each`` / ``gems.one`` with the gem's
colour, wrapped by ``gems.within`` ("... within 2 spaces of your Hero"). Each colour is the
term of ``colours`` in locales/<loc>/terms.yaml, in the form the translator's template asks
for: the adjective agrees with the counter and with the gem (``{colour.m}``,
``{colour.ill}``), as it does with "challenge" in "a blue or red challenge". "<effect> for each
card on the doom track" is ``effect.for_each_track.<track>`` around the effect in its mood.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_board import (
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    GemSpaces,
    PlaceCounter,
    RemoveCounter,
)

VERBS = {
    "effect.place_counter": "place a {colour} adventure counter on {gems}",
    "effect.remove_counter": "remove the adventure counter from your space",
    "effect.remove_counter.colour": "remove the {colour} adventure counter from your space",
    # cards moved to and from a track (one message per track: a noun of its own)
    "effect.add_to_track.doom": "add the top card of the {colour} adventure deck to the doom track",
    "effect.add_to_track.undefeated": "add the top card of the {colour} adventure deck to the "
                                      "undefeated track",
    "effect.discard_from_track.doom": "discard {cards} from the doom track",
    # the market: every card of a kind from the towns' stacks; cards drawn to the nearest town's
    "effect.discard_market.ally": "discard every Ally from each market stack",
    "effect.discard_market.item": "discard every Item from each market stack",
    "effect.discard_market.card": "discard every market card from each market stack",
    "effect.market_to_nearest": "draw {cards} and add them to the market stack of the nearest "
                                "town",
    "effect.market_to_nearest.one": "draw {cards} and add it to the market stack of the nearest "
                                    "town",
}
TEMPLATES = {
    "gems.each": "each empty {colour} gem space",
    "gems.one": "an empty {colour} gem space",
    "gems.within": "{gems} within {spaces} of your Hero",
    # the tracks counted by "for each" (the track a noun of its own: one message per track)
    "effect.for_each_track.doom": "{effect} for each card on the doom track",
    "effect.for_each_track.undefeated": "{effect} for each card on the undefeated track",
}


def _colour(self, colour: str):
    return self.terms.find("colours", colour) or str(colour)


def _gems(self, node: GemSpaces) -> str:
    out = self.t("gems.each" if node.each else "gems.one", colour=_colour(self, node.colour))
    if node.within is None:
        return out
    return self.t("gems.within", gems=out,
                  spaces=self.qty(n.Amount("fixed", (node.within,)), "space"))


def install(renderer_cls) -> None:
    def _placecounter(self, node: PlaceCounter, mood: str) -> str:
        return self.verb("effect.place_counter", mood, colour=_colour(self, node.colour),
                         gems=_gems(self, node.on))

    def _removecounter(self, node: RemoveCounter, mood: str) -> str:
        if node.colour is None:
            return self.verb("effect.remove_counter", mood)
        return self.verb("effect.remove_counter.colour", mood,
                         colour=_colour(self, node.colour))

    def _foreachontrack(self, node: ForEachOnTrack, mood: str) -> str:
        said = self.t(f"effect.for_each_track.{node.track}", effect=self.effect(node.effect, mood))
        if node.most is None:
            return said
        return self.t("effect.for_each_most", effect=said, n=self.num(node.most))

    renderer_cls._placecounter, renderer_cls._removecounter = _placecounter, _removecounter
    def _addtotrack(self, node: AddToTrack, mood: str) -> str:
        return self.verb(f"effect.add_to_track.{node.track}", mood,
                         colour=_colour(self, node.colour))

    def _discardfromtrack(self, node: DiscardFromTrack, mood: str) -> str:
        return self.verb(f"effect.discard_from_track.{node.track}", mood,
                         cards=self.qty(n.Amount("fixed", (node.count,)), "track_card"))

    def _discardfrommarket(self, node: DiscardFromMarket, mood: str) -> str:
        return self.verb(f"effect.discard_market.{node.kind}", mood)

    def _drawmarketto(self, node: DrawMarketTo, mood: str) -> str:
        one = node.amount.kind == "fixed" and node.amount.values[0] == 1
        return self.verb("effect.market_to_nearest" + (".one" if one else ""), mood,
                         cards=self.qty(node.amount, "market_card"))

    renderer_cls._discardfrommarket, renderer_cls._drawmarketto = \
        _discardfrommarket, _drawmarketto
    renderer_cls._foreachontrack = _foreachontrack
    renderer_cls._addtotrack, renderer_cls._discardfromtrack = _addtotrack, _discardfromtrack
