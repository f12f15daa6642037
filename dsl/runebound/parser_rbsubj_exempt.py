"""Transformer rules of branch rbsubj (issue 32, part III): a class of challenges as a subject.

"Yellow and red challenges receive +1 Life." is a bonus of your enemy while it is such a
challenge: the core's "Your enemy receives +1 Life against yellow or red challenges." (the
modifier "against": a "while" rule, an "if" in a used ability; printed "While your enemy is a
yellow or red challenge, your enemy receives +1 Life."), with that form's checks (RF415 on an
event, whose text knows no enemy).

A class of challenges exempt from the effect before it:

"Before Combat: Discard this card to inflict 3 wounds on your enemy. Red challenges are immune to
this effect." names, as the subject of a sentence of its own, the challenges the effect of the
sentence before does not touch: that effect happens unless your enemy is such a challenge. The
sentence is folded into the one before as the core's ``Unless`` (printed "... unless your enemy
is a red challenge."), so it runs as that form does (IR ``if_state`` over ``enemy_colour``,
negated) and its checks are that form's (RF415: the enemy's colour is known in combat only).

Refused at the words (RF537): such a sentence first (no effect before it), or after an effect
that does nothing to your enemy (the challenges are immune to nothing there); over a rule in
force it is RF490, as "unless" is.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_lists import value_of
from .parser_modifiers import _apply, _Mod
from .parser_parts import _sp, _values, install_rules
from .parser_trig2 import unless

CODE = "RF537"


class _Exempt(n.Nothing):
    """"<colours> challenges are immune to this effect" until the ability is known."""

    def __init__(self, colours, span):
        object.__setattr__(self, "colours", colours)
        super().__init__(span=span)


def _on_enemy(node) -> bool:
    return any("enemy" in (getattr(x, "target", None), getattr(x, "subject", None))
               for x in n.walk(node))


def _fold(a: n.Ability) -> n.Ability:
    sentences = list(a.sentences)
    out = []
    for s in sentences:
        if type(s) is not _Exempt:
            out.append(s)
            continue
        if not out:
            raise AbilitySyntaxError(
                "'... are immune to this effect' names no effect: it follows the sentence whose "
                "effect the challenges are immune to", *s.span, code=CODE,
                hint="write the effect first: 'Inflict 3 wounds on your enemy. Red challenges "
                     "are immune to this effect.'")
        before = out[-1]
        if not _on_enemy(before) or type(before) is _Exempt:
            raise AbilitySyntaxError(
                "the effect before does nothing to your enemy: the challenges are immune to "
                "nothing there", *s.span, code=CODE,
                hint="say it after an effect on your enemy ('Inflict 3 wounds on your "
                     "enemy.'), or write a condition: 'If your enemy is a red challenge, ...'")
        cond = n.Condition("enemy_colour", s.colours, span=s.span)
        out[-1] = unless(cond, before, s.span)  # RF490 over a rule in force, as 'unless' is
    return replace(a, sentences=tuple(out))


class RbsubjExempt:
    def rbsubj_class_bonus(self, ch):  # "Yellow challenges receive +1 Life."
        stat = [v for v in _values(ch) if isinstance(v, str)][-1]
        value = int(next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED"))
        bonus = n.Modifier("enemy", stat, value, span=_sp(ch))
        return _apply(_Mod("against", value_of(ch), _sp(ch[:2])), bonus)

    def rbsubj_exempt(self, ch):  # "Red and blue challenges are immune to this effect."
        self._exempt = True
        return _Exempt(value_of(ch, {}), _sp(ch))


def install(cls) -> None:
    install_rules(cls, RbsubjExempt)
    ability = cls.ability

    def ability_(self, ch):
        out = ability(self, ch)
        if self.__dict__.pop("_exempt", False):
            out = _fold(out)
        return out

    cls.ability = ability_


__all__ = ["CODE", "install"]
