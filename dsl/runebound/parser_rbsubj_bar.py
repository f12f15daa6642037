"""Transformer rules of branch rbsubj (issue 32, part III): who may not attack, and when.

"<subject> cannot attack [<when>]" ("may not", "never attacks", "does not attack" are the same
words, lexer_rbsubj_bar.py) is a :class:`~.nodes.Restrict` whose action is the engine's data
(engine/runebound/core/attackbar_rbsubj.py): the subject says which figure is barred, the
words of when (one BARWHEN token) the phase and round:

=====================================  ====================================
subject                                action
=====================================  ====================================
"this Ally"                            ``this_ally_attack[_<when>]``
"your Allies", "each of your Allies"   ``own_ally_attack[_<when>]``
"Allies"                               ``ally_attack[_<when>]``
"you", "your Hero"                     ``own_hero_attack[_<when>]``
"Heroes", "each Hero", "every Hero"    ``hero_attack[_<when>]``
=====================================  ====================================

"Allies cannot attack." with no when is the core's ``ally_attack`` ("Allies cannot attack this
challenge."). Refused at the words (RF533): another subject (only Heroes and Allies attack), and
a bar "this round" / "in the same round" (the engine keeps a bar of a phase or of the first
round, not one that starts when an ability is used).
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _sp, install_rules
from .parser_subjects import MORE_SPECIALS, _Special

CODE = "RF533"
# subject -> (who, prefix) of the engine's action
SUBJECTS = {"this_ally": ("ally", "this_"), "each_ally": ("ally", "own_"),
            "allies": ("ally", ""), "you": ("hero", "own_"), "hero": ("hero", "own_"),
            "each_hero": ("hero", "")}
_STEMS = {"ally": "ally_attack", "hero": "hero_attack"}


def action(who: str, when: str, prefix: str = "") -> str:
    """The engine's action (attackbar_rbsubj.action, its table's names: the dsl does not import
    the engine; tests/test_lang_rbsubj_bar.py holds them equal)."""
    return f"{prefix}{_STEMS[who]}_{when}" if when else f"{prefix}{_STEMS[who]}"


_SAY = ("'This Ally cannot attack in the Ranged phase.', 'Allies cannot attack during the "
        "first combat round.', 'You cannot attack in the Magic phase.'")


class NoAttack(_Special):
    """"cannot attack [<when>]" (``value``: the when key, "" for always; None: "this round")
    until its subject is known."""

    __slots__ = ()

    def __init__(self, when, span):
        super().__init__("no_attack", when, span)


def _refuse(message: str, span, hint: str = "say when it holds: " + _SAY):
    return AbilitySyntaxError(message, *span, code=CODE, hint=hint)


def no_attack(subject, pred: NoAttack, span) -> n.Restrict:
    """The Restrict of ``<subject> cannot attack <when>``, or RF533 at the words."""
    key = str(subject)
    if key not in SUBJECTS:
        raise _refuse("a bar on attacking is said of Heroes, of you, of Allies, your Allies or "
                      "this Ally: the engine bars no other figure", span,
                      "say it of who attacks: " + _SAY)
    if pred.value is None:
        raise _refuse("the engine bars an attack in a phase or in the first combat round, "
                      "not from the moment an ability is used to the end of the round", span)
    who, prefix = SUBJECTS[key]
    return n.Restrict(action(who, pred.value, prefix), span=span)


class RbsubjBar:
    """Transformer methods of the block "branch rbsubj: who may not attack" of ability.lark."""

    def rbsubj_no_attack(self, ch):  # "cannot attack in the Ranged phase"
        return NoAttack(str(ch[-1]), _sp(ch))

    def rbsubj_no_attack_now(self, ch):  # "cannot attack in the same round"
        return NoAttack(None, _sp(ch))

    def rbsubj_allies_no_attack(self, ch):  # "Allies cannot attack (in the Magic phase)"
        last = ch[-1]
        when = str(last) if getattr(last, "type", None) == "BARWHEN" else ""
        return no_attack("allies", NoAttack(when, _sp(ch[1:])), _sp(ch))

    def rbsubj_allies_no_attack_now(self, ch):
        return no_attack("allies", NoAttack(None, _sp(ch[1:])), _sp(ch))


def install(cls) -> None:
    MORE_SPECIALS["no_attack"] = no_attack
    moving = cls.rbv_cannot_move  # branch rbverb's: "cannot move" / "cannot attack"

    def rbv_cannot_move(self, ch):  # "cannot attack" alone: always (the subject says who)
        if str(ch[-1]).lower() == "move":
            return moving(self, ch)
        return NoAttack("", _sp(ch))

    cls.rbv_cannot_move = rbv_cannot_move
    install_rules(cls, RbsubjBar)


__all__ = ["CODE", "NoAttack", "SUBJECTS", "install", "no_attack"]
