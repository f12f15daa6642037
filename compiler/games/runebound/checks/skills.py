"""Checks of a skill a card gives its Hero (issue 32, session skills); see docs/diagnostics.md.

* RF470 (error): "You have the Swim skill." anywhere but as an always-on rule of a card the
  Hero holds (an Item, an Ally, the Hero's own card), or said of anyone but you / your Hero:
  the engine gives a skill while the card is held, to its Hero, and in no other way.
* RF408 (error): the skill is not one the game declares (as for a test of it).
"""

from __future__ import annotations

from runeforge.dsl.errors import suggest
from runeforge.dsl.runebound import nodes as n

from ..lower import is_static

HELD = ("item", "ally", "hero")  # the kinds of card a Hero holds, whose rules are theirs
_SAY = "say it alone, as the card's always-on rule: 'You have the {skill} skill.'"


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.GrantSkill,)


def check(a: n.Ability, ctx, nodes, finding):
    grants = [node for node in nodes if type(node) is n.GrantSkill]
    if not grants:
        return
    # the grants at the ability's own level (a sentence, or one joined by "and") of an
    # always-on ability (the lowering's own word for one)
    top = {id(c) for s in a.sentences for c in n.clauses(s)} if is_static(a) else set()
    known = {s.lower() for s in ctx.skills}
    for g in grants:
        if ctx.kind not in HELD:
            article = "an" if ctx.kind[0] in "aeiou" else "a"
            yield finding("RF470", f"{article} {ctx.kind} card cannot give a Hero a skill: the "
                                   "engine gives one while the card that says it is held", g.span,
                          hint="put the rule on an Item, an Ally or a Hero card")
        elif id(g) not in top:
            whose = next((e for e in nodes if type(e) is n.Each and e.effect is g), None)
            yield finding("RF470", "the engine gives a skill to the Hero who holds the card, "
                                   "for as long as it is held: not "
                          + ("to other figures" if whose else "for a time, on a condition "
                                                          "or as a cost's effect"),
                          g.span, hint=_SAY.format(skill=g.skill))
        if g.skill.lower() not in known:
            near = suggest(g.skill, ctx.skills)
            yield finding("RF408", f"unknown skill '{g.skill}'", g.span,
                          hint=f"did you mean '{near}'?" if near else
                          "declare it in the pack's manifest under 'skills:'")
