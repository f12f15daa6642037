"""Lowering of the board's adventure counters (issue 32, branch rbboard): ``place_counter`` and
``remove_counter`` (engine/runebound/core/ir_board.py), game-level grants as the doom track's;
"for each card on the doom track" is ``repeat_track``, as "for each Ally you have" is ``repeat``."""

from __future__ import annotations

from runeforge.dsl.runebound.nodes_board import (
    AddToTrack,
    DiscardFromMarket,
    DiscardFromTrack,
    DrawMarketTo,
    ForEachOnTrack,
    PlaceCounter,
    RemoveCounter,
)


def register(effect) -> None:
    @effect.register
    def _(node: PlaceCounter) -> list[dict]:
        return [{"op": "place_counter", "colour": str(node.colour), "gem": str(node.on.colour),
                 "each": node.on.each, "within": node.on.within}]

    @effect.register
    def _(node: RemoveCounter) -> list[dict]:
        return [{"op": "remove_counter",
                 "colour": None if node.colour is None else str(node.colour)}]

    @effect.register
    def _(node: ForEachOnTrack) -> list[dict]:
        most = {} if node.most is None else {"most": node.most}
        return [{"op": "repeat_track", "track": str(node.track), "effects": effect(node.effect),
                 **most}]

    @effect.register
    def _(node: AddToTrack) -> list[dict]:
        return [{"op": "add_to_track", "colour": str(node.colour), "track": str(node.track)}]

    @effect.register
    def _(node: DiscardFromTrack) -> list[dict]:
        return [{"op": "discard_from_track", "count": node.count, "track": str(node.track)}]

    @effect.register
    def _(node: DiscardFromMarket) -> list[dict]:
        return [{"op": "discard_market", "kind": str(node.kind)}]

    @effect.register
    def _(node: DrawMarketTo) -> list[dict]:
        # a fixed number (the checks refuse any other amount, RF422)
        return [{"op": "market_to_nearest", "count": node.amount.values[0]}]
