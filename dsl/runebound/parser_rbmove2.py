"""Transformer rules of branch rbmove2 (issue 32, part III): movement, continued.

* "Move 1 additional space into hills or mountains.", "move 1 extra space onto a river or road
  space", "Your Hero may move 1 space into a forest space": one step onto a space of those
  terrains is the move to an adjacent space of them, rbmove's :class:`~.nodes.MoveToSpace`
  (reach ``adjacent``; the engine's rule game/move_rbmove.py: the player chooses among the
  adjacent spaces of the terrains, none barred; with none the step is logged unused). It prints
  so ("Move your Hero to an adjacent hills or mountains space."). A step of 2 or more spaces
  into a terrain is RF496: which spaces on the way must be of the terrain is not said, and the
  engine moves a Hero one step to a space of a terrain only.
* "When (If, Whenever) your Hero ends his (her, its, their) movement in a forest space (on a
  swamp, in a town), <effect>." is the movement step's after-moving window (the engine opens it
  once the Hero has moved, rolled or rested: turn.py) with the Hero's place as the condition:
  the ability of "After moving, if your Hero is in a forest space, <effect>.", and it prints
  so. The condition holds over one sentence; a second sentence after it is RF497 (it would run
  wherever the Hero ended).
* "You may not rest on a turn in which you use this item." (a sentence of the ability that uses
  the card; "cannot", "during any turn when you activate this card", "on the same turn that you
  use it") is the rule until the end of this turn ("You cannot rest this turn.": the engine bars
  the rest from the use on, standing.py's own_rest). The use must come before the movement
  step, where the Hero rests, so that the rule holds the whole turn: the ability's window is at
  the start of the turn or before moving, else RF498 (it may be used after the Hero rested).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_branching import _Otherwise
from .parser_lists import value_of
from .parser_parts import _Marker, _sp, _word, install_rules
from .parser_rbnp import roll_in_clause_error


class _EndsIn(_Marker):
    """The window "When your Hero ends his movement in <place>,": after moving, with the
    condition of the place (kept for the ability, which wraps its sentence in it)."""

    __slots__ = ("condition",)

    def __init__(self, condition, span):
        super().__init__("window", "after_moving", span)
        self.condition = condition


class Rbmove2:
    def rbm2_step_into(self, ch):  # "move 1 additional space into hills or mountains"
        amount = next(c for c in ch if type(c) is n.Amount)
        if amount.kind != "fixed" or tuple(amount.values) != (1,):
            start, end = _sp(ch)
            raise AbilitySyntaxError(
                "a move of more than one space into a terrain: the engine moves a Hero one "
                "step onto a space of a terrain, and which spaces on the way must be of it is "
                "not said", start, end, code="RF496",
                hint="move one space: 'move 1 additional space into hills or mountains', or "
                     "say the spaces plainly: 'move 2 spaces'")
        return n.MoveToSpace(value_of(ch), "adjacent", span=_sp(ch))


class Rbmove2Ends:
    def rbm2_ends_in(self, ch):  # "When your Hero ends his movement in a forest space,"
        return _EndsIn(n.Condition("terrain", value_of(ch), None, span=_sp(ch)), _sp(ch))

    def rbm2_ends_in_town(self, ch):  # "If you end your movement in a town,"
        return _EndsIn(n.Condition("town", None, None, span=_sp(ch)), _sp(ch))


# the spans of "on a turn in which you use this item" this parse read (forget() before each)
_TURN_OF_USE: list = []
_BEFORE_REST = ("start_of_turn", "before_moving")  # the windows before the movement step


def forget() -> None:
    """Before each parse (parser_order: a part's forget)."""
    _TURN_OF_USE.clear()


class Rbmove2Use:
    def rbm2_turn_of_use(self, ch):  # "on a turn in which you use this item": this turn
        _TURN_OF_USE.append(_sp(ch))
        return _word("end_of_turn", _sp(ch))


def _turn_of_use_checked(a):
    if _TURN_OF_USE and a.window not in _BEFORE_REST:
        start, end = _TURN_OF_USE[0]
        raise AbilitySyntaxError(
            "a rule for the turn the card is used holds from its use on: used here, it may come "
            "after the Hero rested or did what it bars this turn", start, end, code="RF498",
            hint="use the card at the start of the turn: 'Before moving, activate to roll 1 "
                 "additional movement die. You may not rest on a turn in which you use this "
                 "item.'")
    return a


def _conditioned(sentence, condition):
    """``sentence`` under ``condition``, as "if ..., <sentence>" parses (a price inside it is
    the sentence's own payment, PayTo)."""
    if isinstance(sentence, _Marker) and sentence.kind == "costed":
        costs, effect = sentence.value
        sentence = n.PayTo(tuple(costs), effect, span=sentence.span)
    return n.IfState(condition, sentence, span=getattr(sentence, "span", None))


def _with_ends_in(inner):
    def ability(self, ch):
        ends = next((c for c in ch if isinstance(c, _EndsIn)), None)
        if ends is None:
            return _turn_of_use_checked(inner(self, ch))
        said = [c for c in ch if not (isinstance(c, _Marker) and c.kind in ("tag", "limit",
                                                                            "window"))]
        if len(said) != 1:
            start = ends.span[1]
            raise AbilitySyntaxError(
                "the place where the Hero ends his movement is the condition of one sentence: "
                "the next would happen wherever he ended", start, _sp(ch)[1], code="RF497",
                hint="say it in one sentence: 'When your Hero ends his movement in a forest "
                     "space, gain 1 gold and take 1 wound.'")
        # a parser part's placeholder that the core resolves in the ability ("Otherwise, ..."
        # alone, "Red challenges are immune to this effect." alone: _Otherwise, _Exempt, each
        # a private class) is the core's to accept or refuse; under the place's condition it
        # would hide from that check and read back as nothing
        keep = isinstance(said[0], _Otherwise) or (
            type(said[0]).__name__.startswith("_") and not isinstance(said[0], _Marker))
        if isinstance(said[0], n.DieTable):  # a roll under the place's condition (the core's
            raise roll_in_clause_error(ends.span[1], _sp(ch)[1])  # refusal of a roll in an if)
        out = [_Marker("window", "after_moving", ends.span) if c is ends else
               _conditioned(c, ends.condition) if c is said[0] and not keep else c for c in ch]
        return _turn_of_use_checked(inner(self, out))
    return ability


def install(cls) -> None:
    install_rules(cls, Rbmove2, Rbmove2Ends, Rbmove2Use)
    cls.ability = _with_ends_in(cls.ability)


__all__ = ["Rbmove2", "Rbmove2Ends", "Rbmove2Use", "forget", "install"]
