"""Transformer rules of branch rbmod: modifiers, amounts and comparatives built as constructions.

A "for each" bound to the object it follows (lexer_rbmod.py says where): "gain 1 gold for each
Ally you have" as one option of a choice, "2 gold, plus 1 gold for each trophy you have" as a
gain or a reward's objects. Each is the node the phrase's modifier makes (ForEach), around that
object only; "plus" joins the amounts as "and" joins actions (And). parser.py installs the rules
at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .parser_parts import _ints, _sp, _values


def _each(ch, effect) -> n.ForEach:
    """``effect`` counted by the bound "for each" among ``ch`` (its countable, its cap)."""
    at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "EACHFOR")
    tail = ch[at:]
    per = next(v for v in _values(tail) if not isinstance(v, n.Amount))
    most = _ints(tail)
    span = (tail[0].start_pos, _sp(ch)[1])
    return n.ForEach(str(per), effect, span=span, most=most[0] if most else None)


class _Gains:
    """A reward's objects joined by "plus" (flattened by reward_ability)."""

    __slots__ = ("items", "span")

    def __init__(self, items, span):
        self.items, self.span = items, span


class RbmodRules:
    """Transformer methods of the block "branch rbmod" of ability.lark."""

    def bound_for_each(self, ch):
        return _each(ch, _values(ch)[0])

    def gain_plus_each(self, ch):
        first, second = [v for v in _values(ch) if isinstance(v, n.Amount)][:2]
        span = _sp(ch)
        gain = n.GainGold(first, span=(ch[0].start_pos, first.span[1] + 5))
        return n.And((gain, _each(ch, n.GainGold(second, span=second.span))), span=span)

    def reward_gold_each(self, ch):
        amount = _values(ch)[0]
        return _each(ch, n.GainGold(amount, span=amount.span))

    def reward_gold_plus(self, ch):
        amount, rest = _values(ch)[0], _values(ch)[-1]
        more = rest.items if isinstance(rest, _Gains) else (rest,)
        return _Gains((n.GainGold(amount, span=amount.span), *more), _sp(ch))

    def reward_experience_plus(self, ch):
        amount, rest = _values(ch)[0], _values(ch)[-1]
        more = rest.items if isinstance(rest, _Gains) else (rest,)
        return _Gains((n.GainExperience(amount, span=amount.span), *more), _sp(ch))


def install(cls) -> None:
    """Add the rules to the transformer ``cls``; its reward line takes the objects above."""
    for name, value in vars(RbmodRules).items():
        if not name.startswith("__"):
            assert not hasattr(cls, name), f"{name} is already a rule"
            setattr(cls, name, value)
    reward_ability = cls.reward_ability

    def reward_ability_(self, ch):
        if not any(isinstance(c, (_Gains, n.ForEach)) for c in ch):
            return reward_ability(self, ch)  # the common case
        at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "REWARD")
        dot = next(i for i, c in enumerate(ch) if i > at and isinstance(c, Token)
                   and c.type == "DOT")
        gains = []
        for c in ch[at + 2:dot]:
            if not isinstance(c, Token):
                gains.extend(c.items if isinstance(c, _Gains) else (c,))
        head, _objects = self._reward_head(ch[:dot])
        rest = [c for c in ch[dot + 1:] if not isinstance(c, Token)]
        span = (gains[0].span[0], gains[-1].span[1])
        head.append(gains[0] if len(gains) == 1 else n.And(tuple(gains), span=span))
        return self.ability(head + rest)

    cls.reward_ability = reward_ability_


__all__ = ["RbmodRules", "install"]
