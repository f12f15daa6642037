"""Transformer rules of bonuses, amounts and tokens as English says them (issue 32, session
bonus): grammar rule name -> method. Each builds the node of a form the language already has,
so `fmt` prints that form and the engine runs it; parser.py installs them at its end. This module
does not import parser.py (no import cycle)."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _sp, _values
from .parser_subjects import as_target, with_subject


def _bonus(ch) -> tuple[int, tuple[int, int]]:
    """The bonus ("+2", or "add 2": a fixed amount only) and where it is written."""
    sign = next((t for t in ch if isinstance(t, Token) and t.type == "SIGNED"), None)
    if sign is not None:
        return int(sign), (sign.start_pos, sign.end_pos)
    amount = next(v for v in _values(ch) if isinstance(v, n.Amount))
    if amount.kind != "fixed":
        raise AbilitySyntaxError("a test's bonus is a number", *amount.span,
                                 hint="write a number: 'add 2 to your Mind tests'")
    return amount.values[0], amount.span


def test_bonus_on(self, ch):
    """"You get +2 on (all) Spirit tests." / "Add 2 to your Spirit tests.": every time you test
    Spirit, add 2 to the result."""
    vals = [v for v in _values(ch) if not isinstance(v, n.Amount)]
    value, at = _bonus(ch)
    if len(vals) == 2 and as_target(vals[0]) not in ("you", "hero"):
        said = f"You get {max(value, 1):+d} on {str(vals[-1]).capitalize()} tests."
        raise AbilitySyntaxError("only your Hero's tests take a bonus", *vals[0].span,
                                 hint=f"did you mean: '{said}'?")
    if value <= 0:
        raise AbilitySyntaxError("only a bonus is added to a test's result", *at,
                                 hint="write a bonus such as '+2 on Spirit tests'")
    attribute = vals[-1]
    span = _sp(ch)
    bonus = n.TestBonus(n.Amount("fixed", (value,), span=span), span=span)
    return n.Trigger(n.SkillTested(str(attribute), None, span=span), bonus, event_first=True,
                     span=span)


def place_tokens(self, ch):
    """"Place 1 exhaustion on this Ally": this Ally takes 1 exhaustion."""
    amount, token, target = _values(ch)
    span = _sp(ch)
    return with_subject(target, n.Suffer(amount, token, None, span=span), span)


def heal_every(self, ch):
    """"Heal every wound (on your Hero)": discard all wounds from your Hero."""
    vals = _values(ch)
    span = _sp(ch)
    target = vals[1] if len(vals) > 1 else "hero"
    return n.Heal(n.Amount("all", (), span=span), tuple(str(t) for t in vals[0]), target,
                  span=span)


def exhaust_this_ally(self, ch):
    """"Exhaust this Ally (to ...)": 1 exhaustion on this Ally (a cost before "to", see
    parser_parts.ally_cost; printed "place 1 exhaustion on this Ally")."""
    span = _sp(ch)
    return n.Suffer(n.Amount("fixed", (1,), span=span), "exhaustion", "this_ally", span=span)


RULES = {"test_bonus_on": test_bonus_on, "place_tokens": place_tokens,
         "heal_every": heal_every, "exhaust_this_ally": exhaust_this_ally}
