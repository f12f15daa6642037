"""Transformer rules of branch rbroll (issue 32, part III): tests named by their skill, any
test, and the bonuses said to them. Each builds a node the language has: the test trigger
(:class:`~.nodes_when.SkillTested`, its attribute None for "a test of Swim, whatever its
attribute" or "any test") over "add N to the result" (:class:`~.nodes_when.TestBonus`), or the
escape roll's bonus (a :class:`~.nodes.Modifier` of ``escape_roll``). parser.py installs them
with :func:`install`; this module does not import parser.py (no import cycle)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_bonus import _bonus
from .parser_parts import _sp, _values, _word, install_rules
from .parser_subjects import as_target


@dataclass
class _Kind:
    """Which tests: an attribute (or None: any) and a skill (or None: any); consumed by the
    rules below, never an AST node."""

    attribute: str | None
    skill: str | None
    span: tuple[int, int]


def _attribute(ch) -> str | None:
    return next((str(v) for v in _values(ch) if str(v) in ("mind", "body", "spirit")
                 and not isinstance(v, _Kind)), None)


def _kind(ch) -> _Kind:
    kind = next((v for v in _values(ch) if isinstance(v, _Kind)), None)
    return kind or _Kind(_attribute(ch), None, _sp(ch))


def _skill(ch) -> str | None:
    """The skill's name (the grammar's ``skill``: a Word that is no attribute; or SKILLNAME)."""
    said = next((str(t) for t in ch if isinstance(t, Token) and t.type == "SKILLNAME"), None)
    return said or next((str(v) for v in _values(ch) if not isinstance(v, (_Kind, n.Amount))
                 and str(v) not in ("mind", "body", "spirit")), None)


class Rbroll:
    def rbr_kind_attr(self, ch):  # "a Mind skill", "tests of Spirit skills": Mind tests
        return _Kind(_attribute(ch), None, _sp(ch))

    def rbr_kind_attr_skill(self, ch):  # "Body Swim"
        vals = _values(ch)
        return _Kind(str(vals[0]), str(vals[1]), _sp(ch))

    def rbr_kind_skill(self, ch):  # "Swim": a Swim test, whatever its attribute
        return _Kind(None, _skill(ch), _sp(ch))

    def rbr_kind_any(self, ch):  # "a skill test": any test
        return _Kind(None, None, _sp(ch))

    def rbr_tested(self, ch):  # "you test Stealth", "you make a Swim test", "a Mind skill"
        kind = _kind(ch)
        if kind.skill is None and not any(isinstance(v, _Kind) for v in _values(ch)):
            kind = _Kind(kind.attribute, _skill(ch), kind.span)
        return n.SkillTested(kind.attribute, kind.skill, span=_sp(ch))

    def _bonus_on(self, ch, kind: _Kind):
        vals = [v for v in _values(ch) if not isinstance(v, (n.Amount, _Kind))
                and str(v) not in ("mind", "body", "spirit")]
        value, at = _bonus(ch)
        if vals and as_target(vals[0]) not in ("you", "hero"):
            raise AbilitySyntaxError("only your Hero's tests take a bonus", *vals[0].span,
                                     hint=f"did you mean: 'You get {max(value, 1):+d} on "
                                          f"these tests.'?")
        if value <= 0:
            raise AbilitySyntaxError("only a bonus is added to a test's result", *at,
                                     hint="write a bonus such as '+2 on Swim tests'")
        span = _sp(ch)
        bonus = n.TestBonus(n.Amount("fixed", (value,), span=span), span=span)
        return n.Trigger(n.SkillTested(kind.attribute, kind.skill, span=kind.span), bonus,
                         event_first=True, span=span)

    def rbr_bonus_on(self, ch):  # "+2 on Swim tests", "Swim tests you make receive +2"
        return self._bonus_on(ch, _kind(ch))

    def rbr_tests(self, ch):  # "(all / every) Swim tests": which tests
        kind = next((v for v in _values(ch) if isinstance(v, _Kind)), None)
        return kind or _Kind(_attribute(ch), _skill(ch), _sp(ch))

    def rbr_escape_bonus(self, ch):  # "Add 4 to your roll whenever you attempt to escape"
        value, at = _bonus(ch)
        if value <= 0:
            raise AbilitySyntaxError("only a bonus is added to a roll", *at,
                                     hint="write a bonus such as 'add 2 to your roll'")
        span = _sp(ch)
        return n.Modifier("you", _word("escape_roll", span), value, span=span)


class _KeepSecond:
    """"You must keep the second result.": said of the reroll before it, dropped from the
    ability (the engine's reroll keeps the new roll), never an AST node."""

    def __init__(self, span):
        self.span = span
        _SAID[0] += 1


# how many "keep the second result" this parse made (forget() before each parse): with none, an
# ability without a reroll needs none of the walks below (the parse's hot path, bench_dsl)
_SAID = [0]


def forget() -> None:
    """Before each parse (parser_order: a part's forget)."""
    _SAID[0] = 0


class RbrollRerolls:
    def rbr_reroll_better(self, ch):  # "roll twice and use the better result"
        return n.Reroll(better=True, span=_sp(ch))

    def rbr_reroll_failed_attack(self, ch):  # "reroll a failed attack roll"
        return n.Reroll(failed=True, attack=True, span=_sp(ch))

    def rbr_keep_second(self, ch):
        return _KeepSecond(_sp(ch))


def _rerolls(child) -> list:
    """The rerolls said in one child of ``ability`` (a sentence node or a marker over one)."""
    return _found(child, n.Reroll)


def _found(child, kind) -> list:
    """The ``kind`` objects inside ``child`` (nodes, markers, tuples)."""
    found, stack = [], [child]
    while stack:
        x = stack.pop()
        if isinstance(x, kind):
            found.append(x)
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif hasattr(x, "value") and not isinstance(x, str):
            stack.append(x.value)
        elif hasattr(x, "__dataclass_fields__"):
            stack.extend(getattr(x, f) for f in x.__dataclass_fields__ if f != "span")
    return found


def _with_keep_second(inner):
    """``ability`` that drops "You must keep the second result." after a reroll it is said of,
    and refuses it (RF580) with none before it, or after one that keeps the better roll."""

    def ability(self, ch):
        if not _SAID[0]:  # no "keep the second result" said: only an attack's reroll to bind
            a = inner(self, ch)
            if not any(type(x) is n.Reroll for x in n.ability_nodes(a)):
                return a
            sentences = tuple(_attack_reroll(s) for s in a.sentences)
            return a if sentences == a.sentences else replace(a, sentences=sentences)
        kept, before = [], []
        for c in ch:
            if not isinstance(c, _KeepSecond):
                kept.append(c)
                before.extend(_rerolls(c))
                continue
            if not before:
                raise AbilitySyntaxError(
                    "'You must keep the second result' with no reroll before it to say it of",
                    *c.span, code="RF580",
                    hint="say it after a reroll: 'Take 1 exhaustion to reroll your combat "
                         "roll. You must keep the second result.'")
            if any(r.better for r in before):
                raise AbilitySyntaxError(
                    "'You must keep the second result' after a reroll that keeps the better "
                    "of the two", *c.span, code="RF580",
                    hint="say one of them: 'reroll your combat roll' keeps the second result")
        a = inner(self, kept)
        stray = _found(a.sentences, _KeepSecond)
        if stray:
            raise AbilitySyntaxError("'You must keep the second result' is a sentence of its "
                                     "own, after the reroll", *stray[0].span, code="RF580",
                                     hint="end the sentence before it")
        sentences = tuple(_attack_reroll(s) for s in a.sentences)
        return a if sentences == a.sentences else replace(a, sentences=sentences)

    return ability


def _attack_reroll(sentence):
    """"If your attack fails, you may reroll it / roll again." (under a phase's tag, the
    trigger on the Hero's failed attack to the end of the round) is the reroll of a failed attack
    roll: a reroll is used right after the roll, not in a trigger (RF426 there)."""
    inner = sentence.effect if isinstance(sentence, n.During) else sentence
    if not (isinstance(inner, n.Trigger) and isinstance(inner.event, n.AttackResult)
            and inner.event.who == "hero" and not inner.event.success):
        return sentence
    effect, may = inner.effect, isinstance(inner.effect, n.MayDo)
    reroll = effect.effect if may else effect
    if not isinstance(reroll, n.Reroll) or reroll.better:
        return sentence
    new = n.Reroll(failed=True, attack=True, span=reroll.span)
    return n.MayDo(new, span=sentence.span) if may else new


def install(cls) -> None:
    install_rules(cls, Rbroll, RbrollRerolls)
    cls.ability = _with_keep_second(cls.ability)
    does = cls.subject_does

    def subject_does(self, ch):  # "You must keep the second result."
        clause = next((v for v in _values(ch) if isinstance(v, _KeepSecond)), None)
        if clause is None:
            return does(self, ch)
        if as_target(_values(ch)[0]) not in ("you", "hero"):
            raise AbilitySyntaxError("only you keep the result of your reroll", *_sp(ch),
                                     code="RF580", hint="write 'You must keep the second "
                                                        "result.'")
        return _KeepSecond(_sp(ch))

    cls.subject_does = subject_does


__all__ = ["install"]


# ---- a test's result by its skill alone, or any test's ----------------------------------------

def _result(ch, success: bool) -> n.TestResult:
    """"you fail a Swim test" / "you pass a skill test" / "a Mind skill test"."""
    return n.TestResult(_attribute(ch), _skill(ch), success, span=_sp(ch))


class RbrollResults:
    def rbr_test_failed(self, ch):  # "you fail a Swim test", "your Hero fails a skill test"
        return _result(ch, False)

    def rbr_test_passed(self, ch):
        return _result(ch, True)

    def rbr_if_test_failed(self, ch):  # "If you fail a Swim test, ..."
        return self._rbr_if_test(ch, False)

    def rbr_if_test_passed(self, ch):
        return self._rbr_if_test(ch, True)

    def _rbr_if_test(self, ch, success: bool):
        effect = _values(ch)[-1]
        event = _result(ch[:-2], success)
        return n.Trigger(event, self._nested(effect), event_first=True, span=_sp(ch))


def install_results(cls) -> None:
    install_rules(cls, RbrollResults)
