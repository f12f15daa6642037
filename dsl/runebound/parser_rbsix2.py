"""Transformer rules of branch rbsix2 (issue 32): constructions of adventure cards.

* "Each player who has two Allies must discard one of them.": "them" is what the subject was
  picked by (its Allies, its Items); read as "discard one of your Allies / Items" said of each
  of those Heroes. Said with no such subject, "them" names nothing: refused where it is
  written (RF550).
* "if you did not inflict at least 1 wound on your enemy this round": the condition
  ``round_unhurt`` (its count); "At the end of any combat round in which you did not inflict
  ...," is that condition over the round's end (the trigger of "At the end of each combat
  round,").
* "This challenge has +1 Life for each card on the doom track." with no timing: the Before
  Combat bonus, counted as its combat begins (:func:`counted_when_fought`).
* "Draw another adventure card (of the same colour).", "Draw a new adventure card.": one more
  card from the deck of the colour of the card that says it (:class:`~.nodes.DrawAdventure`
  with the colour ``same``; the checks refuse it on a card that has no colour, RF551).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_board import ForEachOnTrack
from .parser_parts import _sp, _values, install_rules
from .parser_rbmod import _Gains

SAME = "same"  # the colour of DrawAdventure that is the colour of the card that says it
_OF_THEM = {"ally": n.DiscardAlly, "item": n.DiscardItem}


class DiscardThem:
    """``discard one of them`` as written, before its subject is known; never left in an AST."""

    __slots__ = ("span",)

    def __init__(self, span):
        self.span = span


def _unbound(span):
    return AbilitySyntaxError(
        "'one of them' names the Allies or Items the Heroes were picked by, and no subject "
        "before it says any", *span, code="RF550",
        hint="say whose: 'Each Hero with 2 or more Allies discards one of them.', or "
             "'Discard one of your Allies.'")


def _bound(subject, clause):
    """``clause`` with "one of them" read against ``subject`` (the same object otherwise)."""
    if isinstance(clause, n.And):
        items = tuple(_bound(subject, c) for c in clause.items)
        return clause if items == clause.items else n.And(items, span=clause.span)
    if not isinstance(clause, DiscardThem):
        return clause
    having = subject.having if isinstance(subject, n.Selector) else None
    if not having or having[0] == 0 or having[1] not in _OF_THEM:
        raise _unbound(clause.span)
    return _OF_THEM[having[1]](span=clause.span)


class _Unhurt:
    """"you did not inflict at least N wounds on your enemy", before its round is said."""

    __slots__ = ("count", "span")

    def __init__(self, count, span):
        self.count, self.span = count, span


def _unhurt_condition(unhurt: _Unhurt, span) -> n.Condition:
    if unhurt.count == 0:
        raise AbilitySyntaxError(
            "'at least 0 wounds' always holds: no round is without them", *unhurt.span,
            code="RF552", hint="write 'at least 1 wound'")
    return n.Condition("round_unhurt", count=unhurt.count, span=span)


def _track_each(ch, effect):
    """``effect`` counted over the track the bound "for each card on ..." among ``ch`` names."""
    at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "EACHFOR")
    tail = ch[at:]
    track = str(_values(tail)[0])
    most = [int(c) for c in tail if isinstance(c, Token) and c.type == "NUMBER"]
    return ForEachOnTrack(track, effect, span=(tail[0].start_pos, _sp(ch)[1]),
                          most=most[0] if most else None)


class Rbsix2Rules:
    """Transformer methods of the block "branch rbsix2" of ability.lark."""

    def rb2_gain_plus_track(self, ch):
        first, second = [v for v in _values(ch) if isinstance(v, n.Amount)][:2]
        gain = n.GainGold(first, span=(ch[0].start_pos, first.span[1] + 5))
        more = _track_each(ch, n.GainGold(second, span=second.span))
        return n.And((gain, more), span=_sp(ch))

    def rb2_place_in_front(self, ch):
        raise AbilitySyntaxError(
            "a card the Hero keeps in front of them is said in its data, not its text",
            *_sp(ch), code="RF471",
            hint="give the card 'reward: {keep: true, becomes: item}' (it stays with the Hero, "
                 "its text in force) and drop these words; an Ally is placed with its stats: "
                 "'Place this card in front of you as an Ally with Life 3 and Body 2.'")

    def rb2_reward_gold_track(self, ch):
        amount = _values(ch)[0]
        return _track_each(ch, n.GainGold(amount, span=amount.span))

    def rb2_unhurt(self, ch):
        numbers = [int(c) for c in ch if isinstance(c, Token) and c.type == "NUMBER"]
        return _Unhurt(numbers[0] if numbers else 1, _sp(ch))

    def rb2_round_unhurt(self, ch):
        return _unhurt_condition(_values(ch)[0], _sp(ch))

    def rb2_round_end_which(self, ch):
        unhurt, effect = [v for v in _values(ch) if not isinstance(v, Token)][-2:]
        at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "ROUND")
        condition = _unhurt_condition(unhurt, unhurt.span)
        guarded = n.IfState(condition, self._nested(effect),
                            span=(unhurt.span[0], _sp(ch)[1]))
        return n.Trigger(n.CombatRound("end", span=_sp(ch[:at + 1])), guarded,
                         event_first=True, span=_sp(ch))

    def rb2_discard_them(self, ch):
        return DiscardThem(_sp(ch))

    def rb2_draw_same(self, ch):
        return n.DrawAdventure(SAME, span=_sp(ch))


def _free(node):
    """Refuse a "one of them" no subject bound (the action said alone)."""
    if isinstance(node, DiscardThem):
        raise _unbound(node.span)
    if isinstance(node, n.And):
        for item in node.items:
            _free(item)


_FREE_TYPES = (DiscardThem, n.And)  # what _free looks into


def _own_counted_bonus(node) -> bool:
    return type(node) in (n.ForEach, ForEachOnTrack) and type(node.effect) is n.Modifier \
        and node.effect.subject == "this_challenge"


def counted_when_fought(a: n.Ability) -> n.Ability:
    """"This challenge has +1 Life for each card on the doom track." (said with no timing): a
    challenge's stats count only in its combat, so its own bonus counted over what changes is
    counted as that combat begins, the Before Combat bonus (an always-on rule is kept as a
    constant, RF451 elsewhere). Printed "Before Combat: This challenge receives ..."."""
    if a.tag or a.window or a.costs or a.limits or not a.sentences \
            or not all(_own_counted_bonus(s) for s in a.sentences):
        return a
    return replace(a, tag="before_combat")


def install(cls) -> None:
    install_rules(cls, Rbsix2Rules)
    for rule in ("subject_does", "subject_may"):
        core = getattr(cls, rule)

        def bound(self, ch, core=core):
            values = _values(ch)
            if len(values) == 2:
                clause = _bound(values[0], values[1])
                if clause is not values[1]:
                    ch = [values[0] if c is values[0] else clause if c is values[1] else c
                          for c in ch]
            return core(self, ch)

        setattr(cls, rule, bound)
    reward_ability = cls.reward_ability

    def reward_ability_(self, ch):
        """A reward's gold counted over a track (alone, or after other gold with "plus") goes
        the way of branch rbmod's counted gold: the objects flattened, the count said last."""
        ch = [_Gains((c,), c.span) if isinstance(c, ForEachOnTrack) else c for c in ch]
        start = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "REWARD")
        at = next((i for i, c in enumerate(ch) if i > start and isinstance(c, Token)
                   and c.type == "DOT"), len(ch))
        said = [g for c in ch[start:at] if not isinstance(c, Token)
                for g in (c.items if isinstance(c, _Gains) else (c,))]
        for i, g in enumerate(said):
            if isinstance(g, ForEachOnTrack) and (i != len(said) - 1 or i and
                                                  type(said[i - 1]) is not n.GainGold):
                raise AbilitySyntaxError(
                    "a reward counted 'for each ...' is said last, after gold", *g.span,
                    code="RF471", hint="say the other objects first: 'Reward: 2 gold, plus 1 "
                                       "gold for each card on the doom track.'")
        return reward_ability(self, ch)

    cls.reward_ability = reward_ability_
    ability = cls.ability

    def ability_(self, ch):
        return counted_when_fought(ability(self, ch))

    cls.ability = ability_
    for rule in ("action_list", "actions", "phrase"):
        core = getattr(cls, rule, None)
        if core is None:
            continue

        def checked(self, ch, core=core):
            for c in ch:
                if isinstance(c, _FREE_TYPES):  # no call for the other children (issue 38)
                    _free(c)
            return core(self, ch)

        setattr(cls, rule, checked)


__all__ = ["SAME", "DiscardThem", "install"]
