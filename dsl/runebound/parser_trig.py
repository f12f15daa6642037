"""Transformer rules of a trigger's clause said of its subject (issue 32, branch rbtrig).
:mod:`.parser_core` installs them with its own.

English builds the clause from a subject, a verb that agrees with it and its objects; each
variant becomes the AST its canonical form has, so `fmt` prints one text:

* "Whenever your Hero defeats a red challenge, X." is "Every time you defeat a challenge, if
  your enemy is a red challenge, X." (the trigger the engine fires, under the colour's
  condition); "When your Hero defeats a red challenge," is the window "When you defeat a
  challenge," with it, as "When you defeat a red challenge," is.
* "you are wounded", "your Hero is wounded" are "your Hero takes 1 or more wounds"; "this Ally
  is wounded" is "this Ally takes 1 or more wounds" (the passive of the same event).
* "this Ally is discarded" (:class:`~.nodes_trig.AllyDiscarded`), "you attack (this
  challenge) and fail", "this Ally attacks and succeeds" (:class:`~.nodes_trig.AttackResult`).
* "If this Ally's attack succeeds / hits," is "If you succeed," (after an attack only).
* "Make a magic attack against your enemy" / "against your Hero" is the plain attack.
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _sp, _values


class _Who(str):
    """The subject or object a clause said (a str with its span)."""

    span = None


def _who(value: str, ch) -> _Who:
    who = _Who(value)
    who.span = _sp(ch)
    return who


class TrigRules:
    """The rules of the clauses said of "your Hero" and "this Ally"."""

    def colour_trigger(self, ch):
        effect = self._nested(_values(ch)[-1])
        words = [t for t in ch if isinstance(t, Token)]
        head = words[:next(i for i, t in enumerate(words) if t.type == "CHALLENGE") + 1]
        span = (head[0].start_pos, head[-1].end_pos)
        colour = n.Condition("enemy_colour", value_of(ch), span=span)
        event = n.DefeatChallenge(span=span)
        return n.Trigger(event, n.IfState(colour, effect, span=_sp(ch)), event_first=True,
                         span=_sp(ch))

    def hero_wounded(self, ch):  # "you are wounded" / "your Hero is wounded"
        return n.TakesWounds("hero", n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    def ally_wounded(self, ch):  # "this Ally is wounded"
        return n.TakesWounds("this_ally", n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    def ally_discarded(self, ch):
        return n.AllyDiscarded(span=_sp(ch))

    def trig_by_hero(self, ch):
        return _who("hero", ch)

    def trig_by_ally(self, ch):
        return _who("this_ally", ch)

    def trig_this_challenge(self, ch):
        return _who("this_challenge", ch)

    def trig_your_enemy(self, ch):
        return _who("enemy", ch)

    def attack_succeeds(self, ch):
        return self._attack_result(ch, True)

    def attack_fails(self, ch):
        return self._attack_result(ch, False)

    def _attack_result(self, ch, success: bool):
        said = [c for c in ch if isinstance(c, _Who)]
        against = said[1] if len(said) > 1 else None
        return n.AttackResult(str(said[0]), success, span=_sp(ch),
                              against=str(against) if against is not None else None)

    def if_ally_attack_succeed(self, ch):
        out = self.if_attack_succeed(ch)
        return n.Outcome(out.outcome, out.effect, span=out.span, whose="this_ally")

    def if_ally_attack_fail(self, ch):
        out = self.if_attack_fail(ch)
        return n.Outcome(out.outcome, out.effect, span=out.span, whose="this_ally")

    def attack_against_enemy(self, ch):
        return n.Attack(_values(ch)[0], None, span=_sp(ch), against="enemy")

    def attack_against_hero(self, ch):
        return n.Attack(_values(ch)[0], None, span=_sp(ch), against="hero")


__all__ = ["TrigRules"]
