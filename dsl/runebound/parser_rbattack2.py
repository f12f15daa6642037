"""Transformer rules of branch rbattack2: an attack's result said of its figure, with the
attack's kind.

* "this Ally succeeds at a melee attack", "this Ally fails a ranged attack", "this Ally's magic
  attack succeeds", "you make a melee attack and fail", "your Hero fails at a magic attack": the
  trigger event :class:`~.nodes_trig.AttackResult` with its ``phase`` (the attacks of that phase
  only: the engine's matcher reads it);
* with no kind ("this Ally's attack succeeds", "you succeed at an attack") the event is the one
  "this Ally attacks and succeeds" already was;
* said of another Hero, any Hero or one of your Allies it is refused (RF542): the engine fires
  an attack's result to the Hero who attacked and to the Ally whose card says it.

parser.py installs the rules through parser_order.PARTS; this module does not import it.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _Marker, _sp, _values

PHASES = ("ranged", "melee", "magic")
_SUBJECTS = {"you": "hero", "this_ally": "this_ally", "hero": "hero"}


def _phase(ch):
    return next((str(v) for v in _values(ch) if isinstance(v, str) and v in PHASES), None)


def _success(ch) -> bool:
    words = {c.type for c in ch if isinstance(c, Token)}
    return bool(words & {"SUCCEED", "HIT"})


def _deed(success: bool):
    def rule(self, ch):
        return _Marker("rba2", (success, _phase(ch)), _sp(ch))

    return rule


def _make(success: bool):
    def rule(self, ch):
        words = [c.type for c in ch if isinstance(c, Token)]
        who = "this_ally" if words[:2] == ["THIS", "ALLY"] else "hero"
        objects = [str(v) for v in _values(ch) if isinstance(v, str) and v not in PHASES]
        return n.AttackResult(who, success, span=_sp(ch), against=(objects or [None])[0],
                              phase=_phase(ch))

    return rule


def _by(self, ch):
    said = _values(ch)
    deed = said[-1]
    subject = getattr(said[0], "value", "you") if len(said) > 1 else "you"
    if subject not in _SUBJECTS:
        raise AbilitySyntaxError(
            "an attack's result is a trigger of your Hero's attacks or of this Ally's own",
            *_sp(ch), code="RF542",
            hint="say it of 'you' or (on an Ally's card) 'this Ally': 'When this Ally succeeds "
                 "at a melee attack, ...'")
    success, phase = deed.value
    return n.AttackResult(_SUBJECTS[subject], success, span=_sp(ch), phase=phase)


def _ally(success: bool):
    def rule(self, ch):
        return n.AttackResult("this_ally", success, span=_sp(ch), phase=_phase(ch))

    return rule


def _that_hero_may(self, ch):
    """"that Hero may gain 1 gold": the optional clause said of "you", run for the Hero who
    acted (parser_rbsubj.actor_effect reads the ThatHero as it reads "that Hero gains ...")."""
    from .nodes_dice import ThatHero
    from .parser_dice import _SAID
    from .parser_subjects import with_subject

    _SAID.append("that")  # read where "that Hero" is allowed (parser_dice.merge_rolls)

    clause = _values(ch)[-1]
    said = with_subject("you", clause, _sp(ch), self)
    return ThatHero(n.MayDo(said, span=_sp(ch)), span=_sp(ch))


RULES = {
    "rba2_deed_ok": _deed(True), "rba2_deed_fail": _deed(False),
    "rba2_make_ok": _make(True), "rba2_make_fail": _make(False),
    "rba2_by": _by,
    "rba2_ally_ok": _ally(True), "rba2_ally_fail": _ally(False),
    "rba2_result": lambda self, ch: ch[0],
    "rba2_that_hero_may": _that_hero_may,
}

__all__ = ["RULES"]
