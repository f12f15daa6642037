"""Checks of branch rbseven (issue 32).

* RF566 "Test Mind." with no target number: the rules (seeds 000, 002: "Test [attribute]
  [skill] (target number)") resolve a test against its number and give none for a test
  without one, so the engine could not tell a pass from a failure.
* RF565 "this phase" (``until the end of this phase``, IR duration ``end_of_phase``) away from a
  combat phase: said under a combat phase's tag ("Melee: You receive +2 Body this phase.") it
  ends as the combat's next step begins; anywhere else no phase is under way when the ability is
  used, so it would name no end.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _bare_tests(nodes, finding):
    for node in nodes:
        if type(node) is n.Test and node.target_number is None:
            said = f"Test {node.attribute.capitalize()}" + (f" {node.skill}" if node.skill else "")
            yield finding("RF566", f"'{said}' has no target number: the rules resolve a test "
                                   "only against one (its total must reach it), and say none "
                                   "for a test without it", node.span,
                          hint=f"give the test its number, as the rules write it: '{said} "
                               "(12). If you succeed, ...'")


PHASE_TAGS = ("ranged", "melee", "magic", "any_phase", "all_phases")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Test, n.During)


def check(a, ctx, nodes, finding):
    yield from _bare_tests(nodes, finding)
    if a.tag in PHASE_TAGS:
        return
    for node in nodes:
        if type(node) is n.During and node.until == "end_of_phase":
            yield finding("RF565", "'this phase' is a combat phase, and this ability is not used "
                                   "in one", node.span,
                          hint="give it a phase's tag ('Melee: You receive +2 Body this "
                               "phase.'), or say 'this combat round' or 'this combat'")
            return
