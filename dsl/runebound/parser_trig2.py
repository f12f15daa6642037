"""Transformer rules of more event verbs of a trigger's clause (issue 32, branch rbtrig2).
:mod:`.parser_core` installs them with its own.

* "Whenever you escape from combat," / "When your Hero escapes from this challenge," is "Every
  time you escape," (:class:`~.nodes_trig2.Escaped`).
* "Each time you fail a Spirit test," / "If you fail a Spirit test," / "When your Hero passes
  a test of Mind," is "Every time you fail a Spirit test," / "Every time you pass a Mind test,"
  (:class:`~.nodes_trig2.TestResult`): a condition that no attack or test before it answers is
  said of every such test, so it is the trigger.
* "<effect> unless <condition>" / "Unless <condition>, <effect>" (:class:`~.nodes_trig2.Unless`,
  printed "<effect> unless <condition>"): the effect when the condition does not hold; over a
  rule in force it is refused at its words (RF490).
* "When you roll movement dice," is refused at its words (RF489): the engine rolls movement
  dice and moves at once, with no window between.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_modifiers import MORE_MODIFIERS, STANDING, _Mod
from .parser_parts import _items, _sp, _values


def unless(condition, effect, span):
    """"<effect> unless <condition>"; over a rule in force it is refused (RF490): the engine
    keeps a rule while a condition holds ("while"), never while one fails."""
    if all(isinstance(i, STANDING) for i in _items(effect)):
        raise AbilitySyntaxError(
            "'unless' over a rule in force: the engine keeps a rule while a condition holds, "
            "not while one fails", *span, code="RF490",
            hint="say when the rule holds with 'while' ('While you have no Allies, you "
                 "receive +1 Body.')")
    return n.Unless(condition, effect, span=span)


MORE_MODIFIERS["unless"] = lambda mod, effect: unless(mod.value, effect, mod.span)


def _test_result(ch, success: bool):
    vals = _values(ch)
    attribute = str(vals[0])
    skill = vals[1] if len(vals) > 1 and isinstance(vals[1], str) else None
    return n.TestResult(attribute, skill, success, span=_sp(ch))


class Trig2Rules:
    """The rules of the escape, a test's result and the movement roll as trigger events."""

    def escape_event(self, ch):
        said = [str(v) for v in _values(ch)]
        return n.Escaped(span=_sp(ch), frm=said[0] if said else None)

    def test_failed(self, ch):
        return _test_result(ch, False)

    def test_passed(self, ch):
        return _test_result(ch, True)

    def if_test_failed(self, ch):
        return self._if_test(ch, False)

    def if_test_passed(self, ch):
        return self._if_test(ch, True)

    def _if_test(self, ch, success: bool):
        vals = _values(ch)
        effect = vals[-1]
        head = ch[:-2]  # the words of the condition, without the comma and the effect
        event = _test_result(head, success)
        return n.Trigger(event, self._nested(effect), event_first=True, span=_sp(ch))

    def it_heals(self, ch):  # "it heals 1 wound": the challenge whose card says it
        (amount,) = _values(ch)
        return n.Heal(amount, ("wound",), "this_challenge", span=_sp(ch))

    def mod_unless(self, ch):
        return _Mod("unless", _values(ch)[0], _sp(ch))

    def unless_first(self, ch):
        condition, effect = _values(ch)
        return unless(condition, self._nested(effect), _sp(ch))

    def movement_rolled(self, ch):
        raise AbilitySyntaxError(
            "the engine opens no window when movement dice are rolled: the Hero rolls and "
            "moves in one step, so nothing can happen between", *_sp(ch), code="RF489",
            hint="write 'Before moving, ...' (e.g. 'Before moving, take 1 exhaustion to roll "
                 "1 additional movement die.') or 'After moving, ...'")


__all__ = ["Trig2Rules"]
