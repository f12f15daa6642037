"""A limit before a trigger (issue 32; see docs/diagnostics.md).

* RF493 (error): "Once per combat, every time you attack and fail, gain 1 gold." The engine
  counts a limit against the *use* of an ability, not against a trigger's firings: such a text
  would wait to be used (once per combat) and would then fire on every attack until the end of
  the turn, which is not what it says. Refused until the engine counts firings (Delve's dialect
  does: its own engine). Found by branch rbtrig2 (stop 51).
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def check(a: n.Ability, ctx, nodes, finding):
    if not a.limits:
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
