"""Transformer rules of the Hero's defence roll as a trigger event (issue 32, session
rbdefend). :mod:`.parser_core` installs them with its own.

"you fail to defend", "you defend and fail", "your Hero fails to defend" are one event
(:class:`~.nodes_defend.DefendResult`, success false); "you defend successfully", "you defend
and succeed" the other. "If you fail to defend, X." is the trigger "Every time you fail to
defend, X.": a condition that no roll before it answers holds of every such roll (as "If you
fail a Spirit test, X." is)."""

from __future__ import annotations

from . import nodes as n
from .parser_parts import _sp, _values


class DefendRules:
    """The rules of the Hero's defence roll as a trigger event."""

    def defend_failed(self, ch):
        return n.DefendResult(False, span=_sp(ch))

    def defend_passed(self, ch):
        return n.DefendResult(True, span=_sp(ch))

    def if_defend_failed(self, ch):
        return self._if_defend(ch, False)

    def if_defend_passed(self, ch):
        return self._if_defend(ch, True)

    def _if_defend(self, ch, success: bool):
        effect = _values(ch)[-1]
        head = ch[:-2]  # the words of the condition, without the comma and the effect
        event = n.DefendResult(success, span=_sp(head))
        return n.Trigger(event, self._nested(effect), event_first=True, span=_sp(ch))


__all__ = ["DefendRules"]
