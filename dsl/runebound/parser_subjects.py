"""Transformer rules of the compositional core's subjects (issue 32, part III): who an effect
is said of ("you", "your Hero", "each other Hero in your space", "the Hero with the most gold",
"your Allies", "this challenge"), the selectors that name Heroes, and the predicates whose node
depends on their subject ("is immune", "cannot escape"). :mod:`.parser_core` installs them.

"every Hero", "Heroes", "each Hero" are the same selector; a selector that part II already
names ("each Hero", "each other Hero", "each Hero in your space", "... within N spaces") stays
that target where part II's clauses take one ("takes", "receives") (:func:`as_target`).
"""

from __future__ import annotations

import re

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_place import TERRAIN_PLURAL, TERRAIN_WORDS
from .parser_lists import value_of
from .parser_parts import _sp, _values, _word, immune_set

_WITHIN = re.compile(r"each_hero_within_(\d+)")
# part II's targets that are a selector of Heroes
_LEGACY = {"each_hero": ("each", None, None), "each_other_hero": ("each_other", None, None),
           "each_hero_in_space": ("each", "space", None)}



class _Special:
    """A predicate whose node depends on its subject ("is immune", "cannot ...")."""

    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value, span):
        self.kind, self.value, self.span = kind, value, span



def _tokens(ch, type_: str) -> list[Token]:
    return [t for t in ch if isinstance(t, Token) and t.type == type_]


def _num(ch) -> int:
    return int(_tokens(ch, "NUMBER")[0])


def _who(ch) -> str:
    return "each_other" if _tokens(ch, "OTHER") else "each"


def as_target(sel):
    """The part II target that says what ``sel`` says, or ``sel`` itself."""
    if not isinstance(sel, n.Selector) or sel.having or sel.measure:
        return sel
    if sel.who in ("each", "each_other") and sel.place is None and sel.within is None:
        return "each_hero" if sel.who == "each" else "each_other_hero"
    if sel.who == "each" and sel.place == "space" and sel.within is None:
        return "each_hero_in_space"
    if sel.who == "each" and sel.within is not None and sel.place is None:
        # any distance, as 'each Hero within N spaces' reads (RF422 past 9 either way): one
        # AST for both words, so fmt is a fixed point (a fuzz failure, session lang4)
        return f"each_hero_within_{sel.within}"
    return sel


def as_selector(target):
    """The selector of a part II target of Heroes, or None."""
    if isinstance(target, n.Selector):
        return target
    if target in _LEGACY:
        who, place, within = _LEGACY[target]
        return n.Selector(who, place, within, span=getattr(target, "span", None))
    m = _WITHIN.fullmatch(str(target))
    if m:
        return n.Selector("each", within=int(m.group(1)), span=getattr(target, "span", None))
    return None


def scoped(wrap, effect):
    """``wrap`` applied to ``effect``; under a subject ("each Hero ..."), to its predicate, so
    that each Hero has its own duration and its own count."""
    if isinstance(effect, n.Each):
        return n.Each(effect.selector, wrap(effect.effect), span=effect.span)
    return wrap(effect)


def _subject_error(subject, what: str):
    span = getattr(subject, "span", None) or (0, 1)
    return AbilitySyntaxError(
        f"{what} cannot be said of this subject", *span,
        hint="the subject of this verb is 'you', 'your Hero' or Heroes ('each Hero ...', "
             "'each other Hero in your space ...', 'the Hero with the most gold ...')")


def _may_verb(clause, ch) -> None:
    """"may" takes something a Hero does, not a rule ("Each Hero may cannot ...")."""
    if isinstance(clause, _Special):
        raise AbilitySyntaxError("'may' takes something the Heroes do, not a rule", *_sp(ch),
                                 hint="write 'Each Hero may <verb> ...', or the rule alone")


def with_subject(subject, clause, span, parser=None):
    """The node of ``<subject> <clause>`` (``clause`` said of "you"); ``parser``: the
    transformer, for the predicates that tell it what to finish at the ability."""
    subject = as_target(subject)
    if isinstance(clause, _Special):
        return _special(subject, clause, span, parser)
    if subject in ("you", "hero"):
        if isinstance(clause, n.Suffer):
            return n.Suffer(clause.amount, clause.token, subject, span=span)
        if isinstance(clause, n.Modifier):
            return n.Modifier(subject, clause.stat, clause.value, span=span)
        return clause
    if isinstance(clause, n.Suffer) and isinstance(subject, str):
        return n.Suffer(clause.amount, clause.token, subject, span=span)
    if isinstance(clause, n.Heal) and clause.target == "hero" \
            and subject in ("this_ally", "this_challenge"):
        # "this Ally / this challenge heals 1 wound": the wounds are discarded from that card
        return n.Heal(clause.amount, clause.tokens, subject, span=span)
    if isinstance(clause, n.Modifier) and isinstance(subject, str):
        return n.Modifier(subject, clause.stat, clause.value, span=span)
    sel = as_selector(subject)
    if sel is None:
        raise _subject_error(subject, "this")
    return n.Each(sel, clause, span=span)


# predicate kind -> the node of "<subject> <predicate>", for predicates of later modules (issue
# 32, session rbrules: prohibitions, parser_prohibit.py), which register here (no import back)
MORE_SPECIALS: dict = {}


def _special(subject, pred: _Special, span, parser=None):
    if pred.kind in MORE_SPECIALS:  # issue 32 (session rbrules): "Heroes cannot rest.", ...
        return MORE_SPECIALS[pred.kind](subject, pred, span)
    if pred.kind == "attack" and subject != "each_ally":  # session rbrules: the hint says what
        raise AbilitySyntaxError(  # the engine bars ("Heroes cannot attack this challenge")
            "only Allies can be barred from attacking this challenge", *span,
            hint="write 'Allies cannot attack this challenge.' or 'You cannot escape from this "
                 "combat.'")
    heroes = subject in ("you", "hero", "each_hero")
    if pred.kind == "immune_many":  # one immunity per phase (issue 32, session self)
        return immune_set([_special(subject, _Special("immune", p, pred.span), span)
                           for p in pred.value], span, parser)
    if pred.kind == "immune":
        if subject in ("you", "hero", "this_challenge", "this_ally", "enemy"):
            # "your enemy" (session self): a challenge's own card (RF441 warns, RF450 elsewhere)
            return n.Immune(pred.value, "hero" if subject == "you" else subject, span=span)
        raise _subject_error(subject, "'is immune'")
    if pred.kind in ("escaped", "attacked") and subject == "this_challenge":  # session self
        return n.Restrict("escape" if pred.kind == "escaped" else "ally_attack", span=span)
    if pred.kind == "escape" and heroes:
        return n.Restrict("escape", span=span)
    if pred.kind == "attack_in" and subject == "each_ally" and parser is not None:
        return parser.phase_bar(pred.value, span)  # "... during the Magic phase" (self)
    if pred.kind == "attack" and subject == "each_ally":  # "Your Allies cannot attack ..."
        return n.Restrict("ally_attack", span=span)
    if pred.kind == "buy" and heroes:  # of your Hero alone, or of every Hero (session prohib)
        act = "buy_allies" if pred.value == "buy Allies" else "buy_items"
        return n.Restrict(act if subject == "each_hero" else f"own_{act}", span=span)
    if pred.kind == "enter":  # every Hero: a rule of the board
        if subject != "each_hero":
            raise AbilitySyntaxError(
                "a terrain is barred to every Hero, not one", *span,
                hint=f"write 'Heroes cannot enter {TERRAIN_PLURAL.get(pred.value, pred.value)}.'")
        return n.Restrict(f"enter_{pred.value}", span=span)
    if pred.kind == "wounded" and subject in ("each_ally", "hero", "you", "this_ally"):
        return n.CannotBeWounded("hero" if subject == "you" else subject, span=span)
    raise _subject_error(subject, f"'cannot {pred.value}'")



class SubjectRules:
    """The rules of subjects, their predicates and the selectors of Heroes."""

    # ---- subjects and predicates ---------------------------------------------------------
    def subject_does(self, ch):
        subject, clause = _values(ch)
        return with_subject(subject, clause, _sp(ch), self)

    def subject_may(self, ch):  # "Every Hero in a town may ...": each of them chooses
        subject, clause = _values(ch)
        _may_verb(clause, ch)
        if not isinstance(subject, n.Selector):
            raise AbilitySyntaxError("only Heroes choose what they may do", *_sp(ch),
                                     hint="write 'Each Hero may ...'")
        return n.Each(subject, n.MayDo(clause, span=_sp(ch)), span=_sp(ch))

    def heroes_may(self, ch):  # "each (other) Hero [in your space | within N spaces] may"
        _may_verb(_values(ch)[-1], ch)
        who = "each_other" if _tokens(ch, "OTHER") else "each"
        within = _num(ch) if _tokens(ch, "WITHIN") else None
        place = "space" if _tokens(ch, "IN") else None
        sel = n.Selector(who, place=place, within=within, span=_sp(ch[:3]))
        return n.Each(sel, n.MayDo(_values(ch)[-1], span=_sp(ch)), span=_sp(ch))

    def p_cannot_escape(self, ch):
        return _Special("escape", "escape", _sp(ch))

    def p_cannot_attack(self, ch):
        return _Special("attack", "attack this challenge", _sp(ch))

    def p_cannot_buy(self, ch):  # Items, or Allies (issue 32, session lang4)
        if _tokens(ch, "ALLY"):
            return _Special("buy", "buy Allies", _sp(ch))
        return _Special("buy", "buy Items", _sp(ch))

    def p_cannot_enter(self, ch):  # "Heroes cannot enter swamp spaces" (issue 32, lang4)
        word = str(_tokens(ch, "WORD")[0]).lower()
        return _Special("enter", TERRAIN_WORDS.get(word, word), _sp(ch))

    def p_cannot_be_wounded(self, ch):
        return _Special("wounded", "be wounded", _sp(ch))

    def p_immune(self, ch):
        return _Special("immune", str(_values(ch)[0]), _sp(ch))

    # ---- selectors ----------------------------------------------------------------------------
    def sel_terrain(self, ch):
        return n.Selector(_who(ch), place=value_of(ch), span=_sp(ch))  # one or several

    def sel_town(self, ch):
        return n.Selector(_who(ch), place="town", span=_sp(ch))

    def sel_space(self, ch):
        return n.Selector(_who(ch), place="space", span=_sp(ch))

    def sel_within(self, ch):
        return n.Selector(_who(ch), within=_num(ch), span=_sp(ch))

    def sel_having(self, ch):
        if _num(ch) == 0:  # "with 0 or more" is everyone (session rbsubj: 0 is "no")
            raise AbilitySyntaxError("'with 0 or more' is every Hero", *_sp(ch),
                                     hint="write 'each Hero', or 'each Hero with no ...' for "
                                          "the Heroes who have none")
        return n.Selector(_who(ch), having=(_num(ch), str(_values(ch)[0])), span=_sp(ch))

    def sel_having_none(self, ch):  # "with no Allies": a count of 0 is "no" (session rbsubj)
        return n.Selector(_who(ch), having=(0, str(_values(ch)[0])), span=_sp(ch))

    def sel_every(self, ch):
        return n.Selector(_who(ch), span=_sp(ch))

    def sel_most(self, ch):
        return n.Selector("most", measure=str(_values(ch)[0]), span=_sp(ch))

    def sel_fewest(self, ch):
        return n.Selector("fewest", measure=str(_values(ch)[0]), span=_sp(ch))

    def sel_heroes(self, ch):
        return n.Selector("each", span=_sp(ch))

    def sel_allies(self, ch):
        return _word("each_ally", _sp(ch))

    def this_ally(self, ch):
        return _word("this_ally", _sp(ch))

    def each_other_ally(self, ch):
        return _word("each_other_ally", _sp(ch))

    def sel_this_challenge(self, ch):
        return _word("this_challenge", _sp(ch))

    def _countable(name):
        return lambda self, ch: _word(name, _sp(ch))

    c_wound = _countable("wound")
    c_exhaustion = _countable("exhaustion")
    c_gold = _countable("gold")
    c_item = _countable("item")
    c_ally = _countable("ally")
    c_trophy = _countable("trophy")


__all__ = ["SubjectRules", "as_target", "as_selector", "scoped", "with_subject"]
