"""Checks of the compositional core (issue 32, part III); see docs/diagnostics.md.

* RF450 (error): "this challenge" on a card that is not a challenge: it names no card.
* RF451 (error): "for each ..." on an always-on rule ("You receive +1 Mind for each Item you
  have."): the engine keeps always-on rules as constants, so the count would never change;
  give it a timing, where it is counted when used.
* RF452 (error): a test or an attack said of other Heroes ("Each Hero tests Body (5).") —
  "If you succeed" would not say whose test it follows.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

TARGET_FIELDS = ("target", "subject")


def _names_this_challenge(node) -> bool:
    return any(getattr(node, f, None) == "this_challenge" for f in TARGET_FIELDS)


def check(a: n.Ability, ctx, nodes, finding):
    """The core's findings for ability ``a`` of a card of ``ctx.kind``."""
    if ctx.kind != "challenge":
        for node in nodes:
            if _names_this_challenge(node):
                yield finding("RF450", "'this challenge' names no card here: only a "
                                       "challenge's own text can say 'this challenge'",
                              node.span, hint="write 'your enemy' (the challenge the Hero "
                                              "fights)")
    if ctx.kind != "ally":
        for node in nodes:
            if isinstance(node, n.AllyDefeated):
                yield finding("RF450", "'this Ally' names no card here: only an Ally's own "
                                       "text can say 'this Ally'", node.span,
                              hint="put the rule on the Ally's card")
    standing = a.tag is None and a.window is None and not a.costs and not a.limits
    for node in nodes:
        if isinstance(node, n.ForEach) and standing and any(
                isinstance(inner, (n.Modifier, n.CostModifier, n.Restrict))
                for inner in n.walk(node.effect)):
            yield finding("RF451", "a bonus 'for each ...' cannot be an always-on rule: the "
                                   "engine keeps those as constants", node.span,
                          hint="give it a timing ('Before Combat: you receive +1 Body for "
                               "each Ally you have.'), where the count is taken when it is "
                               "used")
        elif isinstance(node, n.Selector) and node.within is not None and node.within > 9:
            yield finding("RF422", f"'within {node.within} spaces' is too far: at most 9",
                          node.span, hint="write a number of spaces from 1 to 9")
        elif isinstance(node, n.Each):
            for inner in n.walk(node.effect):
                if isinstance(inner, (n.Test, n.Attack)):
                    yield finding("RF452", "a test or an attack of other Heroes: 'If you "
                                           "succeed' could not say whose it follows",
                                  inner.span, hint="write it for 'you' ('Test Body (5).')")
