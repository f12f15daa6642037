"""Transformer rules of branch rbmodi (issue 32): the modifiers of a clause, after it or before it.

English puts a duration, a count ("for each ...") and a condition ("if ...", "against <colour>
challenges") after the clause as freely as before it, and stacks two of them. Each modifier
wraps the clause's effect in one node (During, ForEach, IfState / WhileState); this module makes
the nesting of those nodes one canonical order whatever order they were written in, so that
`fmt` prints one wording and the engine runs what the sentence says:

    condition (IfState, WhileState)  >  count (ForEach)  >  duration (During)  >  the clause

* a condition is checked once, when the effect resolves, so it is outermost;
* "for each" multiplies at the time it resolves: a count outside a duration puts that many
  lasting bonuses in force (the engine reads a duration's bonuses, not a count inside it);
* a duration is innermost: it holds the rule that lasts.

A leading "For each <thing> you have," (and "For each card on the doom track,") is the same
node as the trailing one. parser.py installs the rules at its end; this module does not
import parser.py.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_board import ForEachOnTrack
from .parser_lists import value_of
from .parser_modifiers import _AGAINST, _apply, _Mod
from .parser_parts import _Marker, _sp, _values, install_rules

# the rank of each modifier kind in the canonical nesting (low: applied first, innermost)
_RANK = {"duration": 0, "for_each": 1, "for_each_track": 1, "against": 2, "if": 2, "while": 2}
# the counts: "for each <thing> you have" and "for each card on <track>" (branch rbboard)
_COUNTS = (n.ForEach, ForEachOnTrack)


def _rank(mod: _Mod) -> int:
    """A count of what "they have" is said of each Hero of the subject (parser_modifiers.
    _each_of_they makes the subject each Hero in turn): it is applied first, before a duration
    hides the subject's clause from it; ``canon`` then puts the duration under it."""
    if mod.kind == "for_each" and mod.value[2]:
        return -1
    return _RANK[mod.kind]


def canonical_order(ch: list) -> list:
    """``ch`` (a phrase's children) with its modifiers in the canonical order of application,
    when all of them are durations, counts and conditions (others keep the order written)."""
    mods = [c for c in ch if type(c) is _Mod]
    if len(mods) < 2 or any(m.kind not in _RANK for m in mods):
        return ch
    ordered = iter(sorted(mods, key=_rank))  # stable: same rank as written
    return [next(ordered) if type(c) is _Mod else c for c in ch]


def _condition(inner):
    """``inner`` as the condition checked when the effect resolves, if it is one: an "if", or
    an "against <colour> challenges" read as a rule in force ("while") because its clause was
    one, before a count or a duration wrapped it (the trailing order reads it as "if")."""
    if type(inner) is n.IfState and inner.otherwise is None:
        return inner
    if type(inner) is n.WhileState and id(inner) in _AGAINST:
        _AGAINST.discard(id(inner))
        return n.IfState(inner.condition, inner.effect, span=inner.span)
    return None


REPARSE: list = []  # parser.parse_ability, given by parser.py (which imports this module)


def said_after(node, ch) -> None:
    """Refuse a count said first over an effect the canonical text cannot say it after: the
    printer says the count after its clause, and over an effect with no amount ("place this
    card in front of you as an Ally ...") or over a prefixed one ("every time you test Mind,
    add 1 to the result") that text would not read back as this node (found by the language
    fuzzer). The test is the round trip itself, so it holds for every effect there is."""
    from .printer import text

    said = text(node)
    try:
        back = REPARSE[0](said[:1].upper() + said[1:] + ".")
        ok = back.sentences == (node,) and not back.costs and back.tag is None
    except AbilitySyntaxError:
        ok = False
    if not ok:
        head = [c for c in ch if isinstance(c, Token)]
        start = head[0].start_pos if head else _sp(ch)[0]
        end = next((t.end_pos for t in head if t.type == "COMMA"), _sp(ch)[1])
        raise AbilitySyntaxError(
            "a count said first must say how many times a clause with an amount happens; "
            "this one cannot be said after its effect", start, end,
            hint="say the count after a clause with an amount: 'Gain 1 gold for each Ally you "
                 "have.'")


def canon(node):
    """``node`` with a duration, count or condition wrapped in the wrong order (a leading
    modifier over a clause with a trailing one) re-nested in the canonical order. Under a
    subject ("each Hero ..."), a duration and a count of "you have" go on the predicate, as
    the parser scopes them (parser_subjects.scoped: each Hero has its own); a count of a track
    is the game's and stays outside."""
    kind = type(node)
    if kind is n.Each:
        return replace(node, effect=canon(node.effect))
    if kind is n.During and type(node.effect) is n.During:  # two durations: the inner first
        node = replace(node, effect=canon(node.effect))
    if kind in _COUNTS or kind is n.During:
        inner = node.effect
        cond = _condition(inner)
        if cond is not None:
            return replace(cond, effect=canon(replace(node, effect=cond.effect)))
        if type(inner) is n.Each and kind is not ForEachOnTrack:
            return replace(inner, effect=canon(replace(node, effect=inner.effect)))
        if kind is n.During and type(inner) in _COUNTS:
            return replace(inner, effect=canon(replace(node, effect=inner.effect)))
    return node


class RbmodiRules:
    """A count said first: "For each Ally you have, gain 1 gold." (the node of the trailing
    "for each")."""

    def for_each_first(self, ch):
        mod = next(c for c in ch if type(c) is _Mod)
        node = canon(_apply(mod, self._nested(ch[-1])))
        said_after(node, ch)
        return node

    def attack_against_colours(self, ch):
        """"Make a magic attack against yellow challenges.": refused (RF532): an attack is
        against the enemy the Hero fights; the colour is a condition on that enemy."""
        phase = str(_values(ch)[0])
        colours = value_of(ch)
        said = " or ".join(colours) if isinstance(colours, (tuple, list)) else str(colours)
        start = next(c.start_pos for c in ch if isinstance(c, Token) and c.type == "AGAINST")
        raise AbilitySyntaxError(
            "'against <colour> challenges' after an attack would name whom it attacks: an "
            "attack is against the enemy the Hero fights", start, _sp(ch)[1], code="RF532",
            hint=f"say the colour as a condition first: 'If your enemy is a {said} challenge, "
                 f"make a {phase} attack.'")


def install(cls) -> None:
    """Add the rules to the transformer ``cls`` and put the modifiers of its phrases and of a
    leading duration in the canonical order."""
    install_rules(cls, RbmodiRules, new=True)
    phrase, during = cls.phrase, cls.during

    def phrase_(self, ch):
        out = phrase(self, canonical_order(ch))
        if type(out) is _Marker:  # "<costs> to <effect> <modifiers>"
            if out.kind == "costed":
                costs, effect = out.value
                return _Marker("costed", (costs, canon(effect)), out.span)
            return out
        return canon(out)

    def during_(self, ch):
        return canon(during(self, ch))

    cls.phrase, cls.during = phrase_, during_


__all__ = ["RbmodiRules", "canon", "canonical_order", "install"]
