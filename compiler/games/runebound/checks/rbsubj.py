"""Checks of branch rbsubj (issue 32, part III): who may not attack, and when (the Restrict
actions of engine/runebound/core/attackbar_rbsubj.py; RF533, a subject that does not attack or
"this round", is the parser's).

* RF534: "This Ally cannot attack ..." off an Ally's own card: "this Ally" names no card there;
* RF535: "This Ally cannot attack ..." anywhere but as an always-on rule of its own (after a
  timing, a cost or a limit, in a duration, a condition or a trigger): the engine reads the
  Ally card's own standing rule where the combat offers its attack, and nothing else;
* RF536: a bar of attacking on an encounter, which holds no rule in a combat.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_rbsubj_bar import SENTENCES

NODES = (n.Restrict,)
_RULE = "'This Ally cannot attack in the Ranged phase.'"


def check(a: n.Ability, ctx, nodes, finding):
    standing = a.tag is None and a.window is None and not a.costs and not a.limits
    top = {id(s) for s in a.sentences}
    for node in nodes:
        if type(node) is not n.Restrict or node.action not in SENTENCES:
            continue
        if ctx.kind == "encounter":
            yield finding("RF536", "an encounter holds no rule in a combat: a bar on attacking "
                                   "on it is never read", node.span,
                          hint="put the rule on the challenge, an event, the Hero, an Item or "
                               "an Ally")
        if not node.action.startswith("this_"):
            continue
        if ctx.kind != "ally":
            yield finding("RF534", "'this Ally' names no card here: only an Ally's own text can "
                                   "say 'this Ally'", node.span,
                          hint="put the rule on the Ally's card, or say it of every Ally: "
                               "'Allies cannot attack in the Ranged phase.'")
        elif not standing or id(node) not in top:
            yield finding("RF535", "'this Ally cannot attack ...' is the Ally card's rule always "
                                   "in force; the engine reads it there only", node.span,
                          hint=f"write it as a sentence of its own with no timing, cost or "
                               f"condition: {_RULE}")
