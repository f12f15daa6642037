"""Checks of branch rbmove (issue 32, part III): a Hero moved to a space of a terrain
(:class:`~runeforge.dsl.runebound.nodes.MoveToSpace`). They join family 4's table of checks by
node (place.py ``_CHECKS``; :func:`install`, called from checks/__init__.py).

* RF420 at a word that names no terrain of the board ("to any Tamalir space": a town is moved
  to by its name, "Move your Hero to Tamalir.");
* RF421 in a phase-tagged or Before Combat ability: the move acts on the board, never in a
  combat (the engine refuses it there too), as family 4's move to a town.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .place import COMBAT_TAGS, unknown_terrains

NODES = (n.MoveToSpace,)


def _check(a, ctx, node, finding):
    if a.tag in COMBAT_TAGS:
        yield finding("RF421", f"moving your Hero to a space is not part of a combat: it cannot "
                               f"be in a '{a.tag.replace('_', ' ').title()}:' ability",
                      node.span, hint="drop the tag, or use a window such as 'After combat,' "
                                      "or 'Before moving,'")
    yield from unknown_terrains(node.place, node.span, finding)


def install(checks: dict) -> None:
    checks[n.MoveToSpace] = _check
