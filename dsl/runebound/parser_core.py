"""Transformer rules of the compositional core (issue 32, part III): subjects with their
predicates, modifiers after the effect, "If you do,", "When <event>,". :func:`install` adds
them to the parser's transformer (parser.py calls it; this module does not import parser.py).

Accepted variants become one AST, so `fmt` prints one canonical text:

* "every Hero", "Heroes", "each Hero" — the same selector; a selector that part II already
  names ("each Hero", "each other Hero", "each Hero in your space", "... within N spaces") stays
  that target where part II's clauses take one ("takes", "receives");
* a duration, "if" or "while" after the effect — the prefix ("Until ..., ..."); "against
  <colour> challenges" — "While / If your enemy is a <colour> challenge, ...";
* "You may <costs> to ..." and "<costs>. If you do, ..." — "<costs> to ...";
* "When your Hero enters ..., ..." — "Every time your Hero enters ..., ...";
* "Give <target> +1 Body" — "<target> receives +1 Body".

The rules live by what they read: :mod:`.parser_subjects` (subjects, predicates, selectors),
:mod:`.parser_verbs` (what a Hero does or suffers), :mod:`.parser_modifiers` (modifiers after
the effect, conditions, trailing windows and limits), :mod:`.parser_payments` ("If you do",
payments in the text) and :mod:`.parser_triggers` ("When <event>,", combat rounds, combat
outcomes). This module installs them and wraps the phrase, prefix and ability rules.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_defend import DefendRules  # issue 32 (session rbdefend): the defence roll
from .parser_modifiers import (  # _AGAINST, _WINDOWS: the parse under way (parser.py clears them)
    _AGAINST,
    _WINDOWS,
    LIMIT_WORDS,
    STANDING,
    WINDOW_WORDS,
    ModifierRules,
    _apply,
    _Mod,
    timed_against,
    trailing_window,
)
from .parser_parts import _Items, _Marker, _sp, _values
from .parser_payments import PaymentRules, _gold_paid, _IfDo, _may_costs, join_if_you_do
from .parser_self import SelfRules
from .parser_self import install as install_self
from .parser_subjects import SubjectRules, _tokens, as_selector, as_target, scoped, with_subject
from .parser_trig import TrigRules  # issue 32 (branch rbtrig): clauses of your Hero, this Ally
from .parser_trig2 import Trig2Rules  # issue 32 (branch rbtrig2): escapes, tests' results
from .parser_triggers import TriggerRules, _Won, colour_window, refuse_won, won_window
from .parser_verbs import VerbRules, phase_extra_wounds
from .parser_when import WhenRules  # issue 32 (session when): tests as triggers, more words

RULES = (SubjectRules, VerbRules, ModifierRules, PaymentRules, TriggerRules, WhenRules,
         SelfRules,  # issue 32 (session self): a card's own subject
         TrigRules,  # issue 32 (branch rbtrig): a trigger's clause said of its subject
         Trig2Rules,  # issue 32 (branch rbtrig2): more event verbs of a trigger's clause
         DefendRules)  # issue 32 (session rbdefend): the Hero's defence roll as an event


def install(cls) -> None:
    """Add the core's rules to the parser's transformer ``cls`` and teach its phrase, prefix and
    ability rules the modifiers, "you may <costs>", "If you do" and payments in the text."""
    seen: set = set()
    for rules in RULES:
        for name, value in vars(rules).items():
            if not name.startswith("__"):
                assert name not in seen, f"two core rule classes define {name}"
                seen.add(name)
                setattr(cls, name, value)
    phrase, nested, ability, during = cls.phrase, cls._nested, cls.ability, cls.during
    subject_takes, modifier = cls.subject_takes, cls.modifier

    def phrase_(self, ch):
        mods = [c for c in ch if type(c) is _Mod]
        if any(m.kind == "round" for m in mods):  # a round's trigger wraps the rest (printed
            mods = [m for m in mods if m.kind != "round"] + \
                [m for m in mods if m.kind == "round"]  # first, so fmt is a fixed point)
        rest = [c for c in ch if type(c) is not _Mod] if mods else ch
        first = rest[0]
        if type(first) is _Marker and any(type(c) is Token and c.type in ("TO", "COLON")
                                          for c in rest):
            rest = [_may_costs(first) if first.value[0] else _gold_paid(first), *rest[1:]]
        out = phrase(self, rest)
        if type(out) is n.MayDo and (type(out.effect) is n.TerrainRule and out.effect.skill
                                     is None or type(out.effect) is n.CostModifier):
            out = out.effect  # "You may move through ... / buy Items for 1 gold less": the rule
        for mod in mods:
            if isinstance(out, _Marker) and mod.kind == "round":
                first = f"At the {mod.value} of each combat round"
                err = AbilitySyntaxError(
                    "a combat round's trigger after a cost would time the effect, not the "
                    "payment", *mod.span, hint=f"write it first: '{first}, ...'")
                err.window_first = first  # parse_ability proposes the sentence so
                raise err
            if isinstance(out, _Marker):  # "<costs> to <effect> <modifier>"
                costs, effect = out.value
                out = _Marker("costed", (costs, _apply(mod, effect)), out.span)
            else:
                out = _apply(mod, out)
        return out

    def nested_(self, effect):
        if type(effect) is _Won:  # "If you succeed, if you were defeated, ...": no window there
            refuse_won(effect)
        if isinstance(effect, _IfDo):  # "On 2-4, if you do, ...": no cost before it there
            raise AbilitySyntaxError(
                "'If you do' must follow a sentence that pays a cost", *effect.span,
                hint="write 'You may pay 1 gold. If you do, ...' as sentences of their own")
        if isinstance(effect, _Marker) and effect.kind == "costed" and not any(
                isinstance(c, (n.Activate, n.DiscardCard)) for c in effect.value[0]):
            costs, inner = effect.value  # a payment in the text ("activate" is the ability's)
            return n.PayTo(tuple(costs), inner, span=effect.span)
        return nested(self, effect)

    def ability_(self, ch):
        slow = won = False
        for c in ch:  # one pass: the common case is neither
            t = type(c)
            if t is _Won:
                won = True
            elif t is _IfDo or t is _Marker and c.kind == "window" and type(c.value) is tuple:
                slow = True
        if _WINDOWS:
            try:
                ch = trailing_window(list(ch))
            finally:
                _WINDOWS.clear()
        if won:
            ch = won_window(list(ch))
        if not slow:  # the common case, fast
            out = timed_against(ability(self, ch)) if _AGAINST else ability(self, ch)
            return phase_extra_wounds(out) if out.tag is not None else out
        try:
            return timed_against(ability(self, join_if_you_do(colour_window(list(ch)))))
        finally:
            _AGAINST.clear()

    def during_(self, ch):
        node = during(self, ch)
        return scoped(lambda e: n.During(node.until, e, span=node.span), node.effect)

    def subject_takes_(self, ch):
        vals = _values(ch)
        if isinstance(vals[0], str):
            return subject_takes(self, ch)
        return with_subject(vals[0], n.Suffer(vals[1], vals[2], None, span=_sp(ch)), _sp(ch))

    def modifier_(self, ch):
        vals = _values(ch)
        if isinstance(vals[0], str):
            return modifier(self, ch)
        value = int(_tokens(ch, "SIGNED")[0])
        return with_subject(vals[0], n.Modifier("you", vals[1], value, span=_sp(ch)), _sp(ch))

    cls.phrase, cls._nested, cls.ability, cls.during = phrase_, nested_, ability_, during_
    cls.subject_takes, cls.modifier = subject_takes_, modifier_
    install_self(cls)  # issue 32 (session self): one sentence per immunity


__all__ = ["install", "as_target", "as_selector", "scoped", "STANDING", "_Items", "LIMIT_WORDS",
           "WINDOW_WORDS", "colour_window", "join_if_you_do", "phase_extra_wounds",
           "refuse_won", "timed_against", "trailing_window", "with_subject", "won_window"]
