"""Transformer rules of branch rbseven (issue 32): an attack's result said by its subject.

* "your attack succeeds" / "your attack misses" as a trigger event: the Hero's
  :class:`~.nodes_trig.AttackResult`.
* "If your attack succeeds, X." (or "If the attack succeeds", "If this Ally attacks and
  succeeds") with no attack or test before it in the ability: no attack of the text answers it,
  so it holds of every such attack, the trigger "Every time you attack and succeed, X." (as "If
  you fail to defend, X." is, parser_defend.py). Under a combat phase's tag it is the attack
  of this combat round, which the Hero (or this Ally) makes in one phase only (seed 002): the
  trigger lasts until the end of the round ("Melee: Until the end of this combat round, every
  time you attack and succeed, X."), so an ability used once per turn does not answer the
  attacks of later rounds. :func:`lone_outcomes_as_triggers` rewrites the sentences; parser.py
  calls it with the spans of the outcomes that follow nothing.
* "Test Mind." (no target number) is a Test whose number is None: refused at check (RF566).
* "Instead of rolling movement dice, <effect>." is the window before moving, each move of the
  effect replacing the roll ("Before moving, move 2 spaces instead of rolling movement dice.");
  with no move in the effect, a syntax error at the words.

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _constant, _Marker, _sp, _values, install_rules

COMBAT_TAGS = ("ranged", "melee", "magic")


class _InsteadOfRolling(str):
    """The window "before_moving" said as "Instead of rolling movement dice,"."""


class Rbseven:
    def rb7_bare_test(self, ch):  # "Test Mind.": no target number (RF566 at check)
        vals = _values(ch)
        return n.Test(vals[0], vals[1] if len(vals) > 1 else None, None, span=_sp(ch))

    until_end_of_phase = _constant("end_of_phase")

    def rb7_instead_of_rolling(self, ch):
        return _Marker("window", _InsteadOfRolling("before_moving"), _sp(ch))

    def rb7_your_attack_succeeds(self, ch):
        return n.AttackResult("hero", True, span=_sp(ch))

    def rb7_your_attack_fails(self, ch):
        return n.AttackResult("hero", False, span=_sp(ch))


def lone_outcomes_as_triggers(sentences: list, lone: list, tag) -> list:
    """``sentences`` with each whole-sentence attack outcome whose span is in ``lone`` (it
    follows no attack or test) made the trigger on that attack's result (see the module)."""
    spans = set(lone)
    out = []
    for s in sentences:
        if type(s) is n.Outcome and s.span in spans:
            event = n.AttackResult(s.whose or "hero", s.outcome == "success", span=s.span)
            s = n.Trigger(event, s.effect, event_first=True, span=s.span)
            if tag in COMBAT_TAGS:
                s = n.During("end_of_round", s, span=s.span)
        out.append(s)
    return out


def _instead(node):
    """``node`` with each Move below it replacing the roll of the movement dice."""
    if type(node) is n.Move:
        return replace(node, instead_of_rolling=True)
    changed = {}
    for name in n._child_fields(type(node)):
        value = getattr(node, name)
        if type(value) is tuple and any(n._is_node(type(v)) for v in value):
            changed[name] = tuple(_instead(v) if n._is_node(type(v)) else v for v in value)
        elif n._is_node(type(value)):
            changed[name] = _instead(value)
    return replace(node, **changed) if changed else node


def instead_of_rolling(ability: n.Ability, span) -> n.Ability:
    """``ability`` (its window said "Instead of rolling movement dice,") with its moves
    replacing the roll; a syntax error at ``span`` when it has none."""
    if not any(type(x) is n.Move for x in n.ability_nodes(ability)):
        raise AbilitySyntaxError(
            "'instead of rolling movement dice' replaces a move of the effect, and it has none",
            *span, hint="say the move: 'Instead of rolling movement dice, move 2 spaces.'")
    out = replace(ability, sentences=tuple(_instead(s) for s in ability.sentences))
    object.__setattr__(out, "_nodes", [x for s in out.sentences for x in n.walk(s)])
    return out


def install(cls) -> None:
    install_rules(cls, Rbseven)
    ability = cls.ability

    def ability_(self, ch):
        said = next((c for c in ch if type(c) is _Marker and c.kind == "window"
                     and type(c.value) is _InsteadOfRolling), None)
        out = ability(self, ch)
        return out if said is None else instead_of_rolling(out, said.span)

    cls.ability = ability_


__all__ = ["install", "instead_of_rolling", "lone_outcomes_as_triggers"]
