"""Lowering of a price's floor (issue 32, session rbrules): "Items cost you 2 less gold (to a
minimum of 1)" is the cost modifier with ``minimum`` (engine: standing.price_of)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def install(effect) -> None:
    plain = effect.dispatch(n.CostModifier)

    @effect.register
    def _(node: n.CostModifier) -> list[dict]:
        ops = plain(node)
        if node.minimum is not None:
            ops[0]["minimum"] = node.minimum
        return ops
