"""Checks of branch rbwho (issue 32, part III); see docs/diagnostics.md.

* RF541 (error): "When you hire this Ally, ..." on a card that is not an Ally: only an Ally card
  is hired, so the trigger would never fire.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# the node types check() reads (issue 38: checks/__init__.py runs check() only on an ability
# that has one)
NODES = (n.HeroAct,)


def check(a: n.Ability, ctx, nodes, finding):
    for node in nodes:
        if type(node) is n.HeroAct and node.verb == "hire_this" and ctx.kind != "ally":
            article = "an" if ctx.kind[:1] in "aeiou" else "a"
            yield finding("RF541", f"'hire this Ally' on {article} {ctx.kind} card: only an Ally card is "
                                   "hired, so this trigger would never fire", node.span,
                          hint="say it on the Ally's card, or of any Ally: 'When you hire an "
                               "Ally, ...'")
