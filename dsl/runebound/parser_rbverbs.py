"""Transformer rules of branch rbverbs (issue 32, part III): Runebound verbs and their objects.

* "take 2 gold from another Hero / each other Hero" is "<that Hero> pays you 2 gold"
  (:class:`~.nodes.PaysYou`; the checks refuse a payer other than other Heroes, RF433);
* "<subject> gets +2 to all combat rolls" is "<subject> receives +2 to ranged / melee / magic
  combat rolls", one rule per phase (as "Your attacks get +2." is);
* "Roll two dice. <rows>" and "Roll the dice. <rows>": the die table of two dice summed (its
  rows read totals 2-20; the checks say which totals no row names), as "Roll two dice and add
  your Body." is with nothing added; "the die" is one die;
* "<subject> pays 1 gold (to the bank)" is "<subject> loses 1 gold" (the gold goes to the
  bank; "pays" with no price after it is not a cost but a loss), said of each Hero the subject
  names.

The other forms of the branch are the core's rules under new words (ability.lark's rbverbs
block). parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_dice import MAX_DICE
from .parser_parts import _sp, _values, immune_set, install_rules
from .parser_rbnp import every_roll
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
                 for p in every_roll()]
        return immune_set(rules, span, self)


def _summed(table, count: int):
    return table if count == 1 else replace(table, dice=count)


def install(cls) -> None:
    install_rules(cls, Rbverbs)
    one_die = cls.die_table_one  # "Roll one die." (more dice refused at the number)

    def die_table_one(self, ch):  # "Roll 2 dice. On ..., ...": two dice summed
        count = next(t for t in ch if isinstance(t, Token) and t.type in ("NUMBER", "ONE"))
        if count.type == "NUMBER" and 1 < int(count) <= MAX_DICE:
            return _summed(self.die_table(ch), int(count))
        if count.type == "NUMBER" and int(count) > MAX_DICE:
            raise AbilitySyntaxError(
                f"a die table rolls one die or two, not {count}", count.start_pos,
                count.end_pos, code="RF301",
                hint="write 'Roll a die.' (rows 1–10) or 'Roll two dice.' (totals 2–20)")
        return one_die(self, ch)

    def rbvs_roll_the_dice(self, ch):  # "Roll the dice." two dice, "Roll the die." one
        word = next(t for t in ch if isinstance(t, Token) and t.type == "DIE")
        return _summed(self.die_table(ch), 2 if str(word).lower() == "dice" else 1)

    cls.die_table_one, cls.rbvs_roll_the_dice = die_table_one, rbvs_roll_the_dice


__all__ = ["Rbverbs", "install"]
