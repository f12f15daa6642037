"""Transformer rules of branch rbwound (issue 32, part III): cancelling wounds.

* "Cancel the first wound inflicted on your Hero in each combat." (and "This armor cancels the
  first 2 wounds your Hero takes in each combat round.", "prevent", "ignore", "dealt to"): the
  standing rule :class:`~.nodes.CancelFirst`;
* "cancel 1 wound being inflicted on you" is the core's cancel on your Hero;
* "cancel 1 wound being inflicted on your Hero by a green or yellow challenge" is "... if your
  enemy is a green or yellow challenge" (the wounds of a combat against such a challenge);
* "If your melee attack succeeds this phase, ..." is rbseven's "If your attack succeeds, ..."
  (the grammar's alternative; no rule here).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _sp, _values, _word, install_rules


class Rbwound:
    def rbw_you(self, ch):  # "you" as the figure wounds land on: your Hero
        return _word("hero", _sp(ch))

    def rbw_per_combat(self, ch):
        return _word("combat", _sp(ch))

    def rbw_per_round(self, ch):
        return _word("round", _sp(ch))

    def rbw_cancel_first(self, ch):
        who, per = _values(ch)
        counts = [c for c in ch if isinstance(c, Token) and c.type == "NUMBER"]
        value = int(counts[0]) if counts else 1
        if value < 1:
            raise AbilitySyntaxError("'the first 0 wounds' cancel nothing", *_sp(ch),
                                     code="RF575", hint="write 'the first wound' or 'the "
                                                        "first 2 wounds'")
        return n.CancelFirst(str(who), value, per, span=_sp(ch))

    def rbw_cancel_by(self, ch):  # "... by a green or yellow challenge"
        vals = _values(ch)
        target = vals[1] if len(vals) > 2 else "hero"
        cancel = n.Cancel(vals[0], str(target), span=_sp(ch))
        cond = n.Condition("enemy_colour", value_of(ch), span=_sp(ch))
        return n.IfState(cond, cancel, span=_sp(ch))

    def rbw_cancel_you(self, ch):  # "cancel 1 wound being inflicted on you"
        return n.Cancel(_values(ch)[0], "hero", span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, Rbwound)


__all__ = ["Rbwound", "install"]
