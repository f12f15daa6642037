"""Checks of branch rbroll (issue 32, part III); see docs/diagnostics.md.

* RF408 (error): a test's trigger names a skill the game does not declare ("When you test
  Sneaking, ...", "+2 on Sneaking tests"), as a test of it is refused: the trigger would never
  fire, since no test of that skill is ever taken.
"""

from __future__ import annotations

from runeforge.dsl.errors import suggest
from runeforge.dsl.runebound import nodes as n

# the node types check() reads (issue 38: checks/__init__.py runs check() only on an ability
# that has one)
NODES = (n.SkillTested, n.TestResult)


def check(a: n.Ability, ctx, nodes, finding):
    known = {s.lower() for s in ctx.skills}
    for node in nodes:
        if type(node) not in NODES or not node.skill or node.skill.lower() in known:
            continue
        near = suggest(node.skill, ctx.skills)
        yield finding("RF408", f"unknown skill '{node.skill}': no test of it is ever taken, so "
                               "this trigger never fires", node.span,
                      hint=f"did you mean '{near}'?" if near else
                      "declare it in the pack's manifest under 'skills:'")
