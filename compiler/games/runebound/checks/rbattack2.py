"""Checks of branch rbattack2: a trigger on an attack's result with the attack's kind
("Every time this Ally succeeds at a melee attack, ..."), code RF543 (RF542, a subject the
engine fires no attack's result for, is the parser's).

* RF543: under a phase's tag the lowering binds a trigger to that phase (lower/phasebind.py),
  so a trigger on another phase's attacks would never fire: "Melee: Every time you fail a
  ranged attack, ...". A duration ("Until the end of this combat, ...") holds it past the
  phase and is left alone.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.engine.runebound.core.ir import PHASES

from .phasetrig import _TAGS, _bound

NODES = (n.AttackResult,)


def check(a: n.Ability, ctx, nodes, finding):
    if a.tag not in PHASES:
        return
    for sentence in a.sentences:
        for trig in _bound(sentence):
            event = trig.event
            if type(event) is n.AttackResult and event.phase and event.phase != a.tag:
                yield finding(
                    "RF543", f"a trigger said under '{_TAGS[a.tag]}:' fires in the {a.tag} "
                             f"phase only, and a {event.phase} attack is never made then",
                    event.span or trig.span,
                    hint=f"say the attack of the tag's phase ('a {a.tag} attack'), or drop "
                         f"'{_TAGS[a.tag]}:' so that the rule is always on")


__all__ = ["NODES", "check"]
