"""A trigger said under a phase's tag on an event that never happens in that phase, and one
under a window the engine drops (issue 32, branch runs, "what compiles runs").

The lowering binds a trigger said under "Ranged:", "Melee:" or "Magic:" to that phase
(lower/phasebind.py): it fires only while that phase is under way. An event that is never
part of a combat phase would then never set it off, and the text would compile and do
nothing:

* RF561 (error): "Melee: Every time you enter a town, gain 1 gold." (the board, the market, an
  event card, resting and hiring happen outside combat), "Magic: Every time you defeat a
  challenge, ..." (a combat's end, a knock-out and an escape come after its phases), "Ranged:
  At the start of each combat round, ..." (a round's start and end are outside its phases).
* RF564 (error): "Before Combat: Every time ...", "When you defeat a challenge, every time
  ...": a rule made only of triggers with no cost is always on, and the window before it was
  dropped (it fired before the window and out of it). A duration says how long it lasts from
  the window: "Before Combat: Until the end of this combat, every time ...".
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.engine.runebound.core.ir import PHASES

# IR event kinds that happen inside a combat phase (a wound, a roll, a test, an Ally lost)
IN_PHASE = frozenset({"takes_wounds", "attack_result", "defend_result", "ally_defeated",
                      "ally_lost", "ally_discarded", "test", "test_result"})
_TAGS = {"ranged": "Ranged", "melee": "Melee", "magic": "Magic"}


def _bound(node):
    """The triggers below ``node`` that no duration holds (those the lowering binds)."""
    stack = [node]
    while stack:
        here = stack.pop()
        if type(here) is n.During:
            continue
        if type(here) is n.Trigger:
            yield here
        stack.extend(n.children(here))


def _kind(event) -> str | None:
    from runeforge.games.runebound import lower

    try:
        ir = lower.event(event)
    except Exception:  # an event another check refuses
        return None
    while ir.get("kind") == "other_act":
        ir = ir["event"]
    return ir.get("kind")


def _window_words(a: n.Ability) -> str:
    from runeforge.dsl.runebound.printer import print_ability

    said = print_ability(a)
    head = said.split(",", 1)[0] if a.window else said.split(":", 1)[0] + ":"
    return head


def _standing_under_window(a: n.Ability, finding):
    """RF564: a rule made only of triggers, with no cost, is always on (the engine never
    "uses" it), so a window or a tag other than a phase's before it was dropped: "Before
    Combat: Every time your Hero takes 1 or more wounds, gain 1 gold." fired in every
    combat and out of them."""
    if a.costs or not a.sentences or not all(type(s) is n.Trigger for s in a.sentences):
        return
    if a.window is None and a.tag in (None, *PHASES):
        return
    try:
        words = _window_words(a)
    except Exception:  # a shape the printer refuses: another check's
        return
    yield finding("RF564", f"'{words}' before a rule made only of triggers: such a rule is "
                           "always on, and the engine would drop the window",
                  a.span or a.sentences[0].span,
                  hint=f"drop '{words}' (the rule is always on), or say how long it lasts "
                       f"from then: '{words}, until the end of this turn, every time ...'"
                  if a.window else
                  f"drop '{words}' (the rule is always on), or say how long it lasts from "
                  f"then: '{words} Until the end of this combat, every time ...'")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Trigger,)


def check(a: n.Ability, ctx, nodes, finding):
    yield from _standing_under_window(a, finding)
    if a.tag not in PHASES:
        return
    for sentence in a.sentences:
        for trig in _bound(sentence):
            kind = _kind(trig.event)
            if kind is not None and kind not in IN_PHASE:
                yield finding(
                    "RF561", f"a trigger said under '{_TAGS[a.tag]}:' fires in the {a.tag} "
                             "phase only, and this event never happens in a combat phase",
                    trig.span,
                    hint=f"drop '{_TAGS[a.tag]}:' so that the rule is always on, or say "
                         "how long it lasts: 'Until the end of this turn, every time ...'")


__all__ = ["check"]
