"""Transformer rules of branch rbverb (issue 32): a clause as subject, modal and verb phrase.

"<subject> (may | must)? <predicate>": the subject is the core's (``subject``, ``selector``,
``target``: parser_subjects.py), the verb phrase one of the core's predicates or of the block
"branch rbverb" of ability.lark. What the subject selects decides who does it in the engine:

* you, your Hero: the clause itself ("Your Hero removes 1 exhaustion." is "Discard 1 exhaustion
  from your Hero.");
* Heroes (each, each other, in a place, with N or more, the most, another Hero): the clause run
  once for each Hero picked, that Hero being "you" (``Each``; "another Hero" is the selector
  ``another``: the card's Hero picks one other Hero);
* an Ally (this Ally, one of your Allies, each of your Allies): what an Ally has, wounds and
  exhaustion ("This Ally removes 1 exhaustion." is "Discard 1 exhaustion from this Ally.");
  "may" is the choice of the Hero who has the Ally.

Refused where they are written, with the form to write: a trophy gained or discarded as a count
(RF520: a trophy is a card, kept with "keep it as a trophy"), "cannot move" and "cannot attack"
with no object (RF521: no rule of the engine stops a Hero moving or attacking), a verb an Ally
cannot do (RF522: gold, cards, moves, a turn), an
attack, a wound inflicted or a reroll said of Heroes other than yours (RF523: the engine fights
one combat, your Hero's), and "may" said of Heroes who choose nothing (RF524). parser.py
installs the rules; this module does not import parser.py.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _sp, _values, install_rules
from .parser_subjects import _Special, with_subject

# targets that are an Ally (the card's own, one of the Hero's, each of them)
ALLIES = frozenset({"this_ally", "ally", "each_ally", "each_other_ally"})
# what an Ally can be said to do: its wounds and exhaustion, a bonus, a rule of its own
_ALLY_CLAUSES = (n.Suffer, n.Heal, n.Modifier, _Special)
# clauses of your Hero's own combat
_COMBAT = (n.Attack, n.Inflict, n.Reroll)
_ALLY_WORDS = {"this_ally": "this Ally", "ally": "one of your Allies",
               "each_ally": "each of your Allies", "each_other_ally": "each of your other Allies"}


def another(subject) -> n.Selector:
    """The selector of "another Hero" (the target ``another_hero`` as a subject)."""
    return n.Selector("another", span=getattr(subject, "span", None))


def _ally_heal(subject, clause, span):
    """An Ally's own wounds or exhaustion, discarded: "This Ally removes 1 exhaustion"."""
    if isinstance(clause, n.Heal) and clause.target == "hero":
        return n.Heal(clause.amount, clause.tokens, str(subject), span=span)
    return None


def _refuse_ally(subject, clause, span):
    if isinstance(clause, _ALLY_CLAUSES):
        return
    who = _ALLY_WORDS.get(str(subject), "an Ally")
    raise AbilitySyntaxError(
        f"{who} has no gold, cards, turn or movement of its own: only wounds, exhaustion and "
        "bonuses are said of an Ally", *span, code="RF522",
        hint=f"say it of your Hero ('{_said_of_you(clause)}'), or of the Ally's wounds and "
             f"exhaustion ('{who[0].upper() + who[1:]} takes 1 wound.', 'Discard 1 wound from "
             f"{who}.')")


def _said_of_you(clause) -> str:
    """The canonical sentence of ``clause`` said of your Hero ("Gain 2 gold.")."""
    from .printer import text  # the printer imports no parser; imported when a hint is made

    try:
        said = text(clause)
    except TypeError:  # a clause the printer cannot say alone
        return "Gain 1 gold."
    return said[0].upper() + said[1:] + "."


def _refuse_combat(subject, clause, span):
    if not isinstance(clause, _COMBAT) or subject in ("you", "hero"):
        return
    raise AbilitySyntaxError(
        "an attack, a wound inflicted or a reroll is your Hero's own, in its combat", *span,
        code="RF523", hint="say it of your Hero: 'Make a magic attack.', 'Inflict 1 wound on "
                           "your enemy.', 'You may reroll your combat roll.'")


def clause_of(subject, clause, span, parser=None):
    """The node of ``<subject> <clause>`` with this branch's subjects and refusals."""
    if subject == "another_hero":
        subject = another(subject)
    inner = clause.effect if isinstance(clause, n.MayDo) else clause
    _refuse_combat(subject, inner, span)
    if isinstance(subject, str) and subject in ALLIES:
        _refuse_ally(subject, inner, span)
        healed = _ally_heal(subject, inner, span)
        if healed is not None:
            return healed
    return with_subject(subject, clause, span, parser)


class RbverbRules:
    """Transformer methods of the block "branch rbverb" of ability.lark."""

    def rbv_remove(self, ch):  # "removes 1 exhaustion": discarded from the subject
        amount, tokens = _values(ch)[:2]
        first = n.Heal(amount, tuple(str(t) for t in tokens), "hero", span=_sp(ch))
        more = getattr(tokens, "more", None)  # "remove 1 wound and 1 exhaustion" (parser_np)
        if more is None:
            return first
        return n.And((first, n.Heal(more[0], (str(more[1]),), "hero", span=_sp(ch))),
                     span=_sp(ch))

    def rbv_trophy(self, ch):
        raise AbilitySyntaxError(
            "a trophy is a card a Hero keeps, not a count to gain or discard", *_sp(ch),
            code="RF520", hint="on the card kept, write 'Keep it as a trophy.'; for a reward "
                               "write 'gain 1 experience' or 'gain 1 gold for each trophy you "
                               "have'")

    def rbv_cannot_move(self, ch):  # "cannot move", "cannot attack" (with no object)
        verb = str(ch[-1]).lower()
        if verb == "move":
            hint = ("bar what it can bar: 'Heroes cannot enter swamps.', 'Heroes cannot rest.', "
                    "or end the turn: 'Each Hero ends their turn.'")
        else:
            hint = ("bar what it can bar: 'Heroes cannot attack other Heroes.', 'Allies cannot "
                    "attack this challenge.', 'You cannot escape from this combat.'")
        doing = "moving" if verb == "move" else "attacking"
        raise AbilitySyntaxError(f"no rule of the engine stops a Hero {doing}", *_sp(ch),
                                 code="RF521", hint=hint)

    def rbv_attack(self, ch):
        return n.Attack(_values(ch)[0], None, span=_sp(ch))

    def rbv_inflict(self, ch):  # "<subject> inflicts N wounds on <target>"
        subject, amount, target = _values(ch)
        return clause_of(subject, n.Inflict(amount, target, span=_sp(ch[1:])), _sp(ch), self)

    def rbv_each_hero(self, ch):
        other = any(getattr(c, "type", None) == "OTHER" for c in ch)
        return n.Selector("each_other" if other else "each", span=_sp(ch))

    def rbv_reroll(self, ch):
        return n.Reroll(span=_sp(ch))

    def rbv_may(self, ch):  # "Another Hero may ...", "This Ally may ..."
        subject, clause = _values(ch)
        return _may(subject, clause, _sp(ch), self)


def _one_pick(subject, clause, span) -> None:
    """Two acts said of one picked Hero ("another Hero", "may") are not yet said: each would be
    a pick or a choice of its own."""
    if isinstance(clause, n.And):
        raise AbilitySyntaxError(
            "two acts said of one picked Hero or as one choice are not yet said", *span,
            hint="say one thing removed: 'Another Hero removes 1 wound.', 'You may remove 1 "
                 "wound.'")


def _may(subject, clause, span, parser):
    _one_pick(subject, clause, span)
    if isinstance(clause, _Special):
        raise AbilitySyntaxError("'may' takes something the Heroes do, not a rule", *span,
                                 code="RF524", hint="write the rule alone ('... cannot ...')")
    if subject == "another_hero" or isinstance(subject, n.Selector):
        sel = another(subject) if subject == "another_hero" else subject
        _refuse_combat(sel, clause, span)
        return n.Each(sel, n.MayDo(clause, span=span), span=span)
    if isinstance(subject, str) and subject in ALLIES:  # the choice of the Ally's Hero
        return n.MayDo(clause_of(subject, clause, span, parser), span=span)
    raise AbilitySyntaxError("only Heroes choose what they may do", *span, code="RF524",
                             hint="write 'Each Hero may ...' or 'You may ...'")


def install(cls) -> None:
    install_rules(cls, RbverbRules)

    core_does = cls.subject_does  # the core's, as earlier branches extended it ("that Hero")

    def subject_does(self, ch):  # with this branch's subjects and refusals
        subject, clause = _values(ch)
        if isinstance(clause, n.And):  # "removes 1 wound and 1 exhaustion": each said of it
            if subject == "another_hero":
                _one_pick(subject, clause, _sp(ch))
            return n.And(tuple(subject_does(self, [subject, item]) for item in clause.items),
                         span=_sp(ch))
        if subject == "another_hero" or (isinstance(subject, str) and subject in ALLIES) \
                or (isinstance(clause, _COMBAT) and subject != "that_hero"):
            return clause_of(subject, clause, _sp(ch), self)
        return core_does(self, ch)

    core_may = cls.subject_may

    def subject_may(self, ch):  # "Your Allies may ...": the Hero chooses for them
        subject, clause = _values(ch)
        if isinstance(subject, n.Selector):
            _one_pick(subject, clause, _sp(ch))
            _refuse_combat(subject, clause, _sp(ch))
            return core_may(self, ch)
        return _may(subject, clause, _sp(ch), self)

    core_heroes_may = cls.heroes_may

    def heroes_may(self, ch):  # "Each Hero may reroll ...": refused as above (RF523)
        _one_pick(None, _values(ch)[-1], _sp(ch))
        _refuse_combat(n.Selector("each"), _values(ch)[-1], _sp(ch))
        return core_heroes_may(self, ch)

    cls.subject_does = subject_does
    cls.heroes_may = heroes_may
    cls.subject_may = subject_may


__all__ = ["RbverbRules", "clause_of", "install"]
