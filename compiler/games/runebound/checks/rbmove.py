"""Checks of branch rbmove (issue 32, part III): a Hero moved to a space of a terrain
(:class:`~runeforge.dsl.runebound.nodes.MoveToSpace`). They join family 4's table of checks by
node (place.py ``_CHECKS``; :func:`install`, called from checks/__init__.py).

* RF420 at a word that names no terrain of the board ("to any Tamalir space": a town is moved
  to by its name, "Move your Hero to Tamalir.");
The same for a movement die's face (:class:`~runeforge.dsl.runebound.nodes.DieFace`: "treat one
of your movement dice as showing a river symbol"): its terrain (RF420), never in a combat (RF421).

* RF421 in a phase-tagged or Before Combat ability: the move acts on the board, never in a
  combat (the engine refuses it there too), as family 4's move to a town.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .place import COMBAT_TAGS, unknown_terrains

NODES = (n.MoveToSpace, n.DieFace)


def _check(a, ctx, node, finding):
    if a.tag in COMBAT_TAGS:
        yield finding("RF421", f"moving your Hero to a space is not part of a combat: it cannot "
                               f"be in a '{a.tag.replace('_', ' ').title()}:' ability",
                      node.span, hint="drop the tag, or use a window such as 'After combat,' "
                                      "or 'Before moving,'")
    yield from unknown_terrains(node.place, node.span, finding)


def _die_face(a, ctx, node, finding):
    """A die's face: a terrain of the board or ``any`` (RF420); no place in a combat (RF421)."""
    if a.tag in COMBAT_TAGS:
        yield finding("RF421", "a movement rule is not part of a combat: it cannot be in a "
                               f"'{a.tag.replace('_', ' ').title()}:' ability", node.span,
                      hint="drop the tag: the rule is always on while the card is in play")
    if node.symbol != "any":
        yield from unknown_terrains(node.symbol, node.span, finding)


def install(checks: dict) -> None:
    checks[n.MoveToSpace] = _check
    checks[n.DieFace] = _die_face
