"""Checks of branch rbnp: recipients coordinated with "or" that name an Ally's own card.

"your Hero or this Ally" and "your Hero or another Ally" say which Ally by the card that says it:
only an Ally's own text can (RF450, as for "this Ally").
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

_SAID = {"hero_or_this_ally": "this Ally", "hero_or_other_ally": "another Ally"}


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
