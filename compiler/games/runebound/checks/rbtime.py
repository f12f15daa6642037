"""Checks of branch rbtime (issue 32, part III): a moment of a combat as a condition.

* RF567 "if it is the magic phase" (or "the first combat round") checked where the ability is
  never used at that moment: in a window of the turn (before or after moving, the start or the
  end of the turn, the market step, after combat), in Before Combat (no round yet), under
  another phase's tag, or on an event or encounter outside a trigger (resolved out of combat).
  The check would never hold, so the effect would never happen. A rule in force ("While it is
  the magic phase, ...") holds in every combat and is not refused.
* RF450 "this Ally has no wounds" off an Ally's own card: no Ally is "this" one there.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

PHASES = ("ranged", "melee", "magic")
_OUT_OF_COMBAT_KINDS = ("event", "encounter")


def _where_never(a, ctx, c, in_trigger: bool):
    if in_trigger:
        return None
    if a.window is not None:
        return f"in the window '{a.window.replace('_', ' ')}', outside any combat round"
    if a.tag == "before_combat" and (c.value, c.count) != (None, None):  # "in combat" holds
        return "in Before Combat, before the first combat round"
    if a.tag in PHASES and c.value not in (None, a.tag):
        return f"under the tag '{a.tag.title()}:', in the {a.tag} phase only"
    if a.tag is None and ctx.kind in _OUT_OF_COMBAT_KINDS:
        return f"on {ctx.kind} text, which runs outside combat"
    return None


def _moment_ifs(a):
    """The "if" nodes with a moment condition, each with whether a trigger holds it."""
    triggered = set()
    for s in a.sentences:
        for node in n.walk(s):
            if type(node) is n.Trigger:
                triggered.update(id(x) for x in n.walk(node.effect))
    for s in a.sentences:
        for node in n.walk(s):
            if type(node) is n.IfState and node.condition.kind == "moment":
                yield node, id(node) in triggered


# the node types check() reads (checks/__init__.py runs it only on an ability that has one)
NODES = (n.IfState, n.Condition)


def check(a, ctx, nodes, finding):
    if ctx.kind != "ally":
        for c in nodes:
            if type(c) is n.Condition and c.kind == "ally_none":
                yield finding("RF450", "'this Ally' names no card here: only an Ally's own text "
                                       "can count the wounds on this Ally", c.span,
                              hint="say it of your Hero: 'if you have no wounds'")
    for node, in_trigger in _moment_ifs(a):
        where = _where_never(a, ctx, node.condition, in_trigger)
        if where:
            said = node.condition
            yield finding("RF567", f"'{_words(said)}' is checked {where}: it never holds "
                                   "there", said.span,
                          hint="say the phase as the ability's tag ('Magic: ...'), or make it "
                               "a rule in force ('While it is the magic phase, you receive +1 "
                               "Body.')")


def _words(c) -> str:
    from runeforge.dsl.runebound.printer_rbtime import moment_text

    return moment_text(c)


__all__ = ["NODES", "check"]
