"""Transformer rules of branch rbverbs (issue 32, part III): Runebound verbs and their objects.

* "take 2 gold from another Hero / each other Hero" is "<that Hero> pays you 2 gold"
  (:class:`~.nodes.PaysYou`; the checks refuse a payer other than other Heroes, RF433);
* "<subject> gets +2 to all combat rolls" is "<subject> receives +2 to ranged / melee / magic
  combat rolls", one rule per phase (as "Your attacks get +2." is);
* "<subject> pays 1 gold (to the bank)" is "<subject> loses 1 gold" (the gold goes to the
  bank; "pays" with no price after it is not a cost but a loss), said of each Hero the subject
  names.

The other forms of the branch are the core's rules under new words (ability.lark's rbverbs
block). parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .parser_parts import _sp, _values, immune_set
from .parser_subjects import with_subject

PHASES = ("ranged", "melee", "magic")


class Rbverbs:
    def rbvs_take_from(self, ch):
        amount, payer = _values(ch)
        return n.PaysYou(payer, amount, span=_sp(ch))

    def rbvs_pays(self, ch):
        subject, amount = _values(ch)
        return with_subject(subject, n.LoseGold(amount, span=_sp(ch)), _sp(ch), self)

    def rbvs_all_rolls(self, ch):
        """"<subject> gets +2 to all combat rolls": +2 to each phase's combat roll, one rule per
        phase (as "Your attacks get +2."); with no subject, or "give (you)", of you."""
        vals = _values(ch)
        subject = vals[0] if vals else "you"
        value = int(next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED"))
        span = _sp(ch)
        rules = [with_subject(subject, n.Modifier("you", f"{p}_roll", value, span=span), span, self)
                 for p in PHASES]
        return immune_set(rules, span, self)


def install(cls) -> None:
    for name, value in vars(Rbverbs).items():
        if not name.startswith("__"):
            setattr(cls, name, value)


__all__ = ["Rbverbs", "install"]
