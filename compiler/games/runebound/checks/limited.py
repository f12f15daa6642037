"""A limit before a trigger (issue 32; see docs/diagnostics.md).

* RF493 (error): "Once per combat, every time you attack and fail, gain 1 gold." The engine
  counts a limit against the *use* of an ability, not against a trigger's firings: such a text
  would wait to be used (once per combat) and would then fire on every attack until the end of
  the turn, which is not what it says. Refused until the engine counts firings (Delve's dialect
  does: its own engine). Found by branch rbtrig2 (stop 51).

  Since branch runs, a limit before a rule made only of triggers (no cost, no window) counts
  the triggers' firings (lower/firings.py, engine/runebound/core/firings.py) and compiles;
  RF493 stays for a limit the engine would count against uses: a cost to pay first, a window,
  or a sentence beside the triggers that is not one.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.games.runebound.lower.firings import counts_firings

# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.Trigger,)


def check(a: n.Ability, ctx, nodes, finding):
    if not a.limits or counts_firings(a):  # a rule of triggers alone: its firings count
        return
    for trig in (c for s in a.sentences for c in n.clauses(s) if type(c) is n.Trigger):
        yield finding("RF493", "a limit before a trigger is not counted against its "
                               "firings: the engine counts the uses of an ability, and "
                               "this one would fire every time once used",
                      a.limits_span or trig.span,
                      hint="drop the limit ('Every time …, …' fires each time), or say "
                           "when it is used: 'After combat, if you attacked and failed, "
                           "gain 1 gold.'")
        return
