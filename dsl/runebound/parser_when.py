"""Transformer rules of triggers on a test and the windows, durations and limits in more of
English's words (issue 32, session when). :mod:`.parser_core` installs them with its own.

Variants become the AST their canonical form has ("After you move," is "After moving,", "this
turn" "until the end of this turn", "once each turn" "once per turn", a bare "once" after the
effect "once per turn", "add +3 to your magic attack" "+3 to your magic combat rolls"), so `fmt`
prints one text. New meanings: "you test <attribute> [<skill>]" as a trigger event
(:class:`~.nodes_when.SkillTested`) and "add N to the result" (:class:`~.nodes_when.TestBonus`).
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _sp, _values, _word
from .parser_subjects import _tokens


def _fixed(ch) -> int:
    """The number of "add N" / "add +N" (a fixed amount only: "add X" says no number)."""
    signed = _tokens(ch, "SIGNED")
    if signed:
        return int(signed[0])
    amount = next(v for v in _values(ch) if isinstance(v, n.Amount))
    if amount.kind != "fixed":
        raise AbilitySyntaxError("'add' takes a number here", *amount.span,
                                 hint="write a number: 'add 2 to the result'")
    return amount.values[0]


class WhenRules:
    """The rules of the test trigger, the test's bonus and the windows said otherwise."""

    def skill_tested(self, ch):
        vals = _values(ch)
        skill = vals[1] if len(vals) > 1 else None
        return n.SkillTested(str(vals[0]), skill, span=_sp(ch))

    def ally_lost(self, ch):  # "When one of your Allies is defeated, ..."
        return n.AllyLost(span=_sp(ch))

    def hero_defeated(self, ch):  # "When you defeat another Hero (in combat), ..."
        return n.HeroDefeated(span=_sp(ch))

    def test_bonus(self, ch):
        value = _fixed(ch)
        return n.TestBonus(n.Amount("fixed", (value,), span=_sp(ch)), span=_sp(ch))

    def test_bonus_signed(self, ch):
        value = _fixed(ch)
        if value <= 0:
            sign = next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED")
            raise AbilitySyntaxError("only a bonus is added to a test's result",
                                     sign.start_pos, sign.end_pos,
                                     hint="write a bonus such as 'add 2 to the result'")
        return n.TestBonus(n.Amount("fixed", (value,), span=_sp(ch)), span=_sp(ch))

    def add_roll_bonus(self, ch):  # "add +3 to your magic attack": +3 to magic combat rolls
        phase = next(v for v in _values(ch) if isinstance(v, str))
        stat = _word(f"{phase}_roll", phase.span)
        return n.Modifier("you", stat, _fixed(ch), span=_sp(ch))

    def mod_before_moving(self, ch):  # "... before moving": the ability's window
        from .parser_modifiers import _Mod

        return _Mod("window", "before_moving", _sp(ch))

    def mod_after_moving(self, ch):
        from .parser_modifiers import _Mod

        return _Mod("window", "after_moving", _sp(ch))

    def mod_once(self, ch):  # "... once": the ability's limit, the engine's default (per turn)
        from .parser_modifiers import _Mod

        return _Mod("limit", (_word("turn", _sp(ch)),), _sp(ch))

    def unwounded(self, ch):  # "if you took no wounds (in this combat)"
        return n.Condition("unwounded", span=_sp(ch))

    def have_none_held(self, ch):  # "you have no Allies / Items / trophies"
        return n.Condition("none", str(_values(ch)[0]), span=_sp(ch))

    def have_no_gold(self, ch):
        return n.Condition("none", "gold", span=_sp(ch))

    def would_be_knocked_out(self, ch):
        raise AbilitySyntaxError(
            "'would be knocked out' cannot be prevented: the engine opens the knock-out's window "
            "after the Hero is knocked out and has taken its losses", *_sp(ch), code="RF456",
            hint="write 'When your Hero is knocked out, ...' (what happens after it)")


__all__ = ["WhenRules"]
