"""Checks of more event verbs of a trigger's clause (issue 32, branch rbtrig2); see
docs/diagnostics.md.

* RF450 (error): "you escape from this challenge" off a challenge's card: the words name no
  card there ("you escape" says the same of every fight).

"you roll movement dice" is refused by the parser at its words (RF489).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Escaped,)


def check(a: n.Ability, ctx, nodes, finding):
    """The findings of ability ``a`` of a card of ``ctx.kind`` (``nodes``: its walk)."""
    for node in nodes:
        if type(node) is n.Escaped and node.frm == "this_challenge" and \
                ctx.kind != "challenge":
            yield finding("RF450", "'this challenge' names no card here: only a challenge's "
                                   "own text can say 'this challenge'", node.span,
                          hint="write 'Every time you escape, ...' (from whatever the Hero "
                               "fights)")
