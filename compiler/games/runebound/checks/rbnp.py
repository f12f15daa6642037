"""Checks of branch rbnp: recipients coordinated with "or" that name an Ally's own card.

"your Hero or this Ally" and "your Hero or another Ally" say which Ally by the card that says it:
only an Ally's own text can (RF450, as for "this Ally").
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

_SAID = {"hero_or_this_ally": "this Ally", "hero_or_other_ally": "another Ally"}


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Heal,)


def check(a, ctx, nodes, finding):
    if ctx.kind == "ally":
        return
    for node in nodes:
        if isinstance(node, n.Heal) and node.target in _SAID:
            said = _SAID[node.target]
            yield finding("RF450", f"'{said}' names no card here: only an Ally's own text can "
                                   f"say '{said}'", node.span,
                          hint="write 'your Hero or one of your Allies', or put the rule on the "
                               "Ally's card")
