"""Checks of the compositional core (issue 32, part III); see docs/diagnostics.md.

* RF450 (error): "this challenge" on a card that is not a challenge, "this Ally" off an Ally,
  "you buy / sell this card" off an Item: it names no card.
* RF451 (error): "for each ..." on an always-on price or restriction ("Items cost you 1 less
  gold for each Ally you have."): the engine keeps those as constants, so the count would never
  change; give it a timing, where it is counted when used. A counted stat bonus ("You receive
  +1 Mind for each Item you have.") is always on: the engine counts it whenever the stat is
  read (engine/runebound/core/counted.py).
* RF452 (error): a test or an attack said of other Heroes ("Each Hero tests Body (5).") —
  "If you succeed" would not say whose test it follows.
* RF453 (error): "keep it as a trophy" on a card other than an encounter: only an encounter's
  card leaves play by its own text's end (a challenge's reward says whether it is kept).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .place import unknown_terrains
from .rbmodi_count import counted_once  # branch rbmodi: a count taken when it resolves

# the nodes whose target or subject may be "this_challenge" (read by field, one pass)
_TARGETED = {n.Suffer: "target", n.Inflict: "target", n.Cancel: "target", n.Heal: "target",
             n.Modifier: "subject", n.Immune: "subject", n.InflictAdditional: "target",
             n.WoundCap: "subject", n.CannotBeWounded: "subject"}
_CORE = (n.Each, n.ForEach, n.Selector, n.AllyDefeated, n.KeepTrophy, n.CardTraded,
         n.ItemTraded, n.EventDrawn)


def _whose(node, kind: str) -> str:
    """The hint of RF450 for "this challenge" off a challenge: an immunity (printed with its
    subject left out, "Immune to ranged attacks.") says whose it is (issue 32, session self)."""
    if type(node) is n.Immune:
        who = "This Ally" if kind == "ally" else "Your Hero"
        return f"say whose the immunity is: '{who} is immune to {node.phase} attacks.'"
    return "write 'your enemy' (the challenge the Hero fights)"


def check(a: n.Ability, ctx, nodes, finding):
    """The core's findings for ability ``a`` of a card of ``ctx.kind`` (one pass over
    ``nodes``)."""
    challenge, ally = ctx.kind == "challenge", ctx.kind == "ally"
    for c in a.costs:
        if isinstance(c, n.AllyExhaustion) and not ally:
            yield finding("RF450", "'this Ally' names no card here: only an Ally's own text can "
                                   "place exhaustion on this Ally", c.span,
                          hint="pay with your Hero: 'Take 1 exhaustion to ...'")
    standing = a.tag is None and a.window is None and not a.costs and not a.limits
    for node in nodes:
        kind = type(node)
        field = _TARGETED.get(kind)
        if field is not None:
            if not challenge and getattr(node, field) == "this_challenge":
                yield finding("RF450", "'this challenge' names no card here: only a "
                                       "challenge's own text can say 'this challenge'",
                              node.span, hint=_whose(node, ctx.kind))
            elif not challenge and kind is n.Immune and node.subject == "enemy":
                yield finding("RF450", "'your enemy is immune' is a challenge's rule of itself: "
                                       f"{'an' if ctx.kind[0] in 'aeiou' else 'a'} {ctx.kind} "
                                       "card cannot make the enemy immune", node.span,
                              hint="put it on the challenge's card: 'This challenge is immune "
                                   f"to {node.phase} attacks.'")
            elif not ally and getattr(node, field) in ("this_ally", "each_other_ally"):
                said = "this Ally" if getattr(node, field) == "this_ally" else \
                    "each other Ally"
                yield finding("RF450", f"'{said}' names no card here: only an Ally's own "
                                       f"text can say '{said}'", node.span,
                              hint="put the rule on the Ally's card")
            continue
        if not isinstance(node, _CORE):
            continue
        if kind is n.AllyDefeated and not ally:
            yield finding("RF450", "'this Ally' names no card here: only an Ally's own "
                                   "text can say 'this Ally'", node.span,
                          hint="put the rule on the Ally's card")
        elif kind is n.CardTraded and ctx.kind != "item":
            yield finding("RF450", f"'you {node.verb} this card' names no card here: only an "
                                   "Item is bought and sold at the market", node.span,
                          hint="put the rule on the Item's card")
        elif kind is n.EventDrawn and ctx.kind == "challenge":
            yield finding("RF450", "'you draw an event card' on a challenge never happens: a "
                                   "challenge's rules hold only while a Hero fights it",
                          node.span, hint="put the rule on a Hero's, an Item's or an Ally's "
                                          "card")
        elif kind is n.ItemTraded and ctx.kind == "challenge":
            yield finding("RF450", f"'you {node.verb} an Item' on a challenge never happens: a "
                                   "challenge's rules hold only while a Hero fights it, and no "
                                   "Hero trades in a combat", node.span,
                          hint="put the rule on a Hero's, an Item's or an Ally's card")
        elif kind is n.KeepTrophy and ctx.kind != "encounter":
            yield finding("RF453", f"'keep it as a trophy' on {'an' if ctx.kind[0] in 'aeiou' else 'a'} "
                                   f"{ctx.kind} card: only an encounter's own text can keep "
                                   "its card as a trophy", node.span,
                          hint="put it on an encounter, or give a challenge 'reward: keep: "
                               "true' in its card data")
        elif kind is n.ForEach and standing and id(node) not in counted_once(a) and any(
                isinstance(inner, (n.CostModifier, n.Restrict))
                for inner in n.walk(node.effect)):
            # issue 32 (rbseven): a counted stat bonus stays live (the engine counts when the
            # stat is read); a price or a restriction counted has no such reading
            yield finding("RF451", "a price or a restriction 'for each ...' cannot be an "
                                   "always-on rule: the engine counts only stat bonuses when "
                                   "they are read", node.span,
                          hint="give it a timing ('At the start of your turn, ...'), where "
                               "the count is taken when it is used, or make it a stat bonus "
                               "('You receive +1 Mind for each Item you have.')")
        elif kind is n.Selector and node.place not in (None, "space", "town"):
            # "each Hero in a swamp or forest space": each terrain at its word (issue 32, lists)
            yield from unknown_terrains(node.place, node.span, finding)
        elif kind is n.Selector and node.within is not None and not 1 <= node.within <= 9:
            yield finding("RF422", f"'within {node.within} spaces': a distance is 1 to 9 "
                                   "spaces", node.span,  # 0 too (a fuzz failure, lang4)
                          hint="write a number of spaces from 1 to 9")
        elif kind is n.Each:
            for inner in n.walk(node.effect):
                if isinstance(inner, (n.Test, n.Attack)):
                    yield finding("RF452", "a test or an attack of other Heroes: 'If you "
                                           "succeed' could not say whose it follows",
                                  inner.span, hint="write it for 'you' ('Test Body (5).')")
