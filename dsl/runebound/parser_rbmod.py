"""Transformer rules of branch rbmod: modifiers, amounts and comparatives built as constructions.

A "for each" bound to the object it follows (lexer_rbmod.py says where): "gain 1 gold for each
Ally you have" as one option of a choice, "2 gold, plus 1 gold for each trophy you have" as a
gain or a reward's objects. Each is the node the phrase's modifier makes (ForEach), around that
object only; "plus" joins the amounts as "and" joins actions (And). parser.py installs the rules
at its end; this module does not import parser.py.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_rbmod import InsteadModifier
from .parser_lists import value_of
from .parser_modifiers import MORE_MODIFIERS, _apply, _Mod
from .parser_parts import _ints, _sp, _values, install_rules
from .parser_rewards import _Harm


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


# ---- "instead": a bonus under a condition replacing the ability's earlier bonus ---------------
_NO_BASE = ("'instead' replaces a bonus said before it in the ability, always on: "
            "'+1 to your ranged attacks. Against green challenges, +3 instead.'")


def _instead(mod: _Mod, effect):
    """``<effect> instead``: the bonus of ``effect`` (under its condition) said instead."""
    if isinstance(effect, n.WhileState) or \
            isinstance(effect, n.IfState) and effect.otherwise is None:
        return replace(effect, effect=_instead(mod, effect.effect))
    if type(effect) is n.Modifier:
        return InsteadModifier(effect.subject, effect.stat, effect.value, replaced=None,
                               span=(effect.span[0], mod.span[1]))
    raise AbilitySyntaxError("only a bonus is said 'instead' of another here", *mod.span,
                             code="RF484", hint=_NO_BASE)


MORE_MODIFIERS["instead"] = _instead
_SAID: list = []  # an "instead" was read in the parse under way (the ability then fills it)


def _bases(sentence) -> list:
    """The bonuses a sentence gives always (a Modifier, or an And of them)."""
    if type(sentence) is n.Modifier:
        return [sentence]
    if isinstance(sentence, n.And) and all(type(i) is n.Modifier for i in sentence.items):
        return list(sentence.items)
    return []


def _fill(node, bases, conditioned: bool):
    """``node`` with each InsteadModifier in it told the bonus it replaces (``bases``: the
    ability's earlier bonuses, latest last)."""
    if isinstance(node, InsteadModifier):
        if not conditioned:
            raise AbilitySyntaxError(
                "a bonus said 'instead' needs the condition under which it replaces the other",
                *node.span, code="RF484",
                hint="say when: 'Against green challenges, +3 instead.'")
        mine = [b for b in bases if b.subject == node.subject and
                (node.stat is None or b.stat == node.stat)]
        stats = {b.stat for b in mine}
        if not mine or node.stat is None and len(stats) > 1:
            raise AbilitySyntaxError(
                "'instead' has no earlier bonus of the ability to replace" if not mine else
                "'instead' could replace any of several bonuses said before it", *node.span,
                code="RF484", hint=_NO_BASE if not mine else
                "say the bonus in full: 'you receive +3 to ranged combat rolls instead'")
        base = mine[-1]
        if base.value == node.value:
            raise AbilitySyntaxError("the bonus said 'instead' is the one it replaces",
                                     *node.span, code="RF484",
                                     hint="leave the sentence out, or say another bonus")
        return InsteadModifier(node.subject, base.stat, node.value, replaced=base.value,
                               span=node.span)
    if isinstance(node, (n.WhileState, n.IfState)):
        out = replace(node, effect=_fill(node.effect, bases, True))
        if getattr(node, "otherwise", None) is not None:
            out = replace(out, otherwise=_fill(node.otherwise, bases, conditioned))
        return out
    if isinstance(node, n.And):
        return replace(node, items=tuple(_fill(i, bases, conditioned) for i in node.items))
    return node


def _left(node) -> bool:
    """Is an InsteadModifier anywhere in ``node`` (one the fill did not reach)?"""
    if isinstance(node, InsteadModifier):
        return node.replaced is None
    if is_dataclass(node):
        return any(_left(getattr(node, f.name)) for f in fields(node))
    if isinstance(node, tuple):
        return any(_left(i) for i in node)
    return False


def fill_instead(ability):
    """``ability`` with each bonus said "instead" told the one it replaces (RF484 where there
    is none, or where it stands under something other than a condition)."""
    bases, out = [], []
    for sentence in ability.sentences:
        sentence = _fill(sentence, bases, False)
        if _left(sentence):
            at = _first_left(sentence)
            raise AbilitySyntaxError(
                "a bonus said 'instead' stands under a condition of its own sentence",
                *at.span, code="RF484", hint="write it 'Against green challenges, +3 instead.'")
        bases.extend(_bases(sentence))
        out.append(sentence)
    return replace(ability, sentences=tuple(out))


def _first_left(node):
    if isinstance(node, InsteadModifier) and node.replaced is None:
        return node
    if is_dataclass(node):
        for f in fields(node):
            found = _first_left(getattr(node, f.name))
            if found is not None:
                return found
    if isinstance(node, tuple):
        for i in node:
            found = _first_left(i)
            if found is not None:
                return found
    return None


class MultiplierRules:
    """A multiplier of wounds or damage: refused where it is written (RF483)."""

    def double_wounds(self, ch):
        phase = next((str(v) for v in _values(ch) if str(v) in ("ranged", "melee", "magic")),
                     "melee")
        if any(getattr(c, "type", None) == "CHALLENGE" for c in ch):
            hint = (f"a challenge's wounds are its card data: give it the {phase} damage it "
                    f"deals ('{phase}_damage: 4'), or add some: '{phase.capitalize()}: Your "
                    "Hero takes 1 wound.'")
        else:
            hint = (f"say the wounds added: '{phase.capitalize()}: Your {phase} attacks inflict "
                    "2 additional wounds.'")
        raise AbilitySyntaxError(
            "the engine adds wounds to an attack; it does not multiply them", *_sp(ch),
            code="RF483", hint=hint)


class ComparativeRules:
    """Counts said by comparison ("roll one fewer movement die")."""

    def fewer_movement_dice(self, ch):
        amount = next(v for v in _values(ch) if isinstance(v, n.Amount))
        if amount.kind not in ("fixed", "one"):
            raise AbilitySyntaxError("a number of movement dice fewer is a number", *amount.span,
                                     hint="write a number: 'roll one fewer movement die'")
        return n.Modifier("you", "movement_dice", -amount.values[0], span=_sp(ch))


    def challenges_receive(self, ch):
        """"All challenges receive +2 Mind.": refused (RF470): the engine changes the enemy a
        Hero fights, which may be another Hero, and an event's text knows no enemy's colour."""
        signed = next(c for c in ch if isinstance(c, Token) and c.type == "SIGNED")
        stat = str(_values(ch)[-1])
        said = stat.capitalize() if stat in ("mind", "body", "spirit", "life") else \
            stat.replace("_", " ")
        raise AbilitySyntaxError(
            "the engine changes the stats of the enemy a Hero fights, not of every challenge",
            *_sp(ch), code="RF470",
            hint=f"say it of the enemy: 'Your enemy receives {signed} {said}.' (a Hero fought is "
                 "an enemy too), or put the bonus on the challenge's card data")


class InsteadRules:
    """Transformer methods of "instead" and a leading "Against <colours> challenges,"."""

    def against_first(self, ch):
        effect = self._nested(ch[-1])
        return _apply(_Mod("against", value_of(ch), _sp(ch)), effect)

    def mod_instead(self, ch):
        _SAID.append(True)
        return _Mod("instead", None, _sp(ch))

    def bonus_instead(self, ch):
        sign = ch[0]
        _SAID.append(True)
        return InsteadModifier("you", None, int(sign), replaced=None, span=_sp(ch))


def install(cls) -> None:
    """Add the rules to the transformer ``cls``; its reward line takes the objects above."""
    install_rules(cls, RbmodRules, InsteadRules, MultiplierRules, ComparativeRules, new=True)
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
        harm = next((g for g in gains if isinstance(g, _Harm)), None)
        if harm is not None:  # as the reward line without "plus" refuses it
            raise AbilitySyntaxError(
                "a reward is gold or experience", *harm.span, code="RF471",
                hint="say what the Hero suffers with its verb ('take 1 wound') after "
                     "'When you defeat a challenge,'")
        counted = next((g for i, g in enumerate(gains) if isinstance(g, n.ForEach) and (
            i != len(gains) - 1 or i and type(gains[i - 1]) is not n.GainGold)), None)
        if counted is not None:  # printed "gain ... for each ... and gain ...": both counted
            raise AbilitySyntaxError(
                "a reward counted 'for each ...' is said last, after gold", *counted.span,
                code="RF471",
                hint="say the other objects first: 'Reward: 2 gold, plus 1 gold for each trophy "
                     "you have.'")
        head, _objects = self._reward_head(ch[:dot])
        rest = [c for c in ch[dot + 1:] if not isinstance(c, Token)]
        span = (gains[0].span[0], gains[-1].span[1])
        head.append(gains[0] if len(gains) == 1 else n.And(tuple(gains), span=span))
        return self.ability(head + rest)

    cls.reward_ability = reward_ability_
    ability = cls.ability

    def ability_(self, ch):
        out = ability(self, ch)
        if not _SAID:  # the common case: no "instead" in this parse
            return out
        _SAID.clear()
        return fill_instead(out)

    cls.ability = ability_


__all__ = ["RbmodRules", "install"]
