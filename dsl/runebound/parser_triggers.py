"""Triggers and combat outcomes (issue 32, part III): "When <event>, ...", "At the start / end
of each combat round, ...", "After combat, if you defeated your enemy, ..." and "When you
defeat a <colour> challenge, ...". :mod:`.parser_core` installs the rules and calls
:func:`won_window` and :func:`colour_window` from the ability rule.

"When your Hero enters ..., ..." is "Every time your Hero enters ..., ...".
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_branching import _Otherwise
from .parser_lists import value_of
from .parser_parts import _Marker, _sp, _values
from .parser_payments import _IfDo


class _Won:
    """``If you defeated your enemy, <effect>.`` (or ``If you were defeated, ...``) until the
    ability reads its window: after combat it is the window the engine opens for that outcome,
    "When you defeat a challenge," (issue 32, session lang3) or "When your Hero is knocked out,"
    (session lang4)."""

    def __init__(self, effect, span, lost: bool = False):
        self.effect, self.span, self.lost = effect, span, lost


def refuse_won(child: _Won):
    """The outcome's condition anywhere but right after 'After combat,', where it is written."""
    if child.lost:
        raise AbilitySyntaxError(
            "'if you were defeated' only follows 'After combat,': a defeated Hero's turn ends "
            "at once, so nothing else of that Hero runs", *child.span, code="RF454",
            hint="write it as a knock-out: 'When your Hero is knocked out, ...'")
    err = AbilitySyntaxError(
        "'if you defeated your enemy' can only follow 'After combat,'", *child.span,
        hint="write 'When you defeat a challenge, ...'")
    err.won_first = True  # parser.parse_ability proposes the sentence with that window first
    raise err


def won_window(children: list) -> list:
    """"After combat, if you defeated your enemy, X." is "When you defeat a challenge, X.", and
    "After combat, if you were defeated, X." is "When your Hero is knocked out, X.": the engine
    opens each of those windows exactly when the combat ends so (seed 000 ends a knocked-out
    Hero's turn at once, so no After combat window opens for that Hero: the knock-out's does,
    the challenge's text first). Anywhere else the condition is refused where it is written."""
    out, window = [], None
    for child in children:
        if isinstance(child, _Marker) and child.kind == "window":
            window = len(out)
        elif type(child) is _Won:
            first = window is not None and window == len(out) - 1 \
                and out[window].value == "after_combat"
            if not first:
                refuse_won(child)
            out[window] = _Marker("window", "knocked_out" if child.lost else "defeat_challenge",
                                  out[window].span)
            child = child.effect
        out.append(child)
    return out


def colour_window(children: list) -> list:
    """``When you defeat a blue challenge, ...``: the window "When you defeat a challenge,"
    with each sentence under "if your enemy is a blue challenge"."""
    colour = None
    out = []
    for child in children:
        if isinstance(child, _Marker) and child.kind == "window" \
                and isinstance(child.value, tuple):
            colour = n.Condition("enemy_colour", child.value[1], span=child.span)
            child = _Marker("window", child.value[0], child.span)
        elif colour is not None and isinstance(child, _Otherwise):
            raise AbilitySyntaxError(  # each sentence here is already "if your enemy is ..."
                "'Otherwise' cannot follow a sentence of 'When you defeat a <colour> "
                "challenge, ...'", *child.span,
                hint="say the other case in an ability of its own")
        elif colour is not None and not isinstance(child, (_Marker, _IfDo)):
            child = n.IfState(colour, child, span=child.span)
        elif colour is not None and isinstance(child, _Marker) and child.kind == "costed":
            costs, effect = child.value
            child = _Marker("costed", (costs, n.IfState(colour, effect, span=child.span)),
                            child.span)
        out.append(child)
    return out


class TriggerRules:
    """The rules of triggers, combat rounds and combat outcomes."""

    def if_defeated(self, ch):
        """"After combat, if you were defeated, ..." is the knock-out window (won_window);
        refused anywhere else (RF454), at the words "If you were defeated"."""
        words = [t for t in ch if hasattr(t, "start_pos")][:4]
        return _Won(self._nested(_values(ch)[-1]), (words[0].start_pos, words[-1].end_pos),
                    lost=True)

    def round_start_first(self, ch):
        return n.Trigger(n.CombatRound("start", span=_sp(ch[:6])), self._nested(_values(ch)[-1]),
                         event_first=True, span=_sp(ch))

    def round_end_first(self, ch):
        return n.Trigger(n.CombatRound("end", span=_sp(ch[:6])), self._nested(_values(ch)[-1]),
                         event_first=True, span=_sp(ch))

    def if_won(self, ch):
        return _Won(self._nested(_values(ch)[-1]), _sp(ch))

    def when_trigger(self, ch):
        event, effect = _values(ch)
        return n.Trigger(event, self._nested(effect), event_first=True, span=_sp(ch))

    def card_bought(self, ch):
        return n.CardTraded("buy", span=_sp(ch))

    def card_sold(self, ch):
        return n.CardTraded("sell", span=_sp(ch))

    def item_bought(self, ch):
        return n.ItemTraded("buy", span=_sp(ch))

    def item_sold(self, ch):
        return n.ItemTraded("sell", span=_sp(ch))

    def event_drawn(self, ch):  # "When you draw an event card, ..." (lang4)
        return n.EventDrawn(span=_sp(ch))

    def ally_defeated(self, ch):
        return n.AllyDefeated(span=_sp(ch))

    def defeat_colour(self, ch):
        return _Marker("window", ("defeat_challenge", value_of(ch)), _sp(ch))


__all__ = ["TriggerRules", "colour_window", "refuse_won", "won_window"]
