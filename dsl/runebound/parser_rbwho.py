"""Transformer rules of branch rbwho (issue 32, part III): more acts of a Hero a trigger names
(ability.lark, the rbwho block; the words: lexer_rbwho.py).

* "you encounter a travel hazard", "you buy experience", "you attack another Hero" (and of
  another Hero, any Hero): :class:`~.nodes.HeroAct` with the verbs ``hazard``,
  ``buy_experience``, ``attack_hero`` (IR event ``hero_act``);
* "another Hero attacks you" (any Hero too): ``attack_you``, the act with the card's Hero as its
  object;
* "ignore it" / "cancel it" (a travel hazard, a card): refused where it is written (RF540);
* "hire another Ally" is rbcost's ``hire``; "one of your Allies leaves your party" is the core's
  :class:`~.nodes.DiscardAlly` (the grammar names its rule).

parser.py installs the rules (parser_order.py); this module does not import parser.py.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _Marker, _sp, _values, install_rules


def _act(verb):
    return lambda self, ch: _Marker("rbc", verb, _sp(ch))


def _subject(who):
    def rule(self, ch):
        act = next(v for v in _values(ch) if isinstance(v, _Marker))
        return n.HeroAct(who, act.value, None, span=_sp(ch))

    return rule


class Rbwho:
    rbh_hazard = _act("hazard")
    rbh_buy_experience = _act("buy_experience")
    rbh_attack_hero = _act("attack_hero")
    rbh_attack_you = _act("attack_you")  # of another Hero / any Hero only (the grammar)
    rbh_you_event = _subject("you")
    rbh_another_event = _subject("another")
    rbh_any_event = _subject("any")

    def rbh_hire_this(self, ch):  # "you hire this Ally": the card's own hire
        return n.HeroAct("you", "hire_this", None, span=_sp(ch))

    def rbh_cancel_it(self, ch):  # "ignore it", "cancel it": RF540
        said = f"{str(ch[0]).lower()} {ch[1]}"
        raise AbilitySyntaxError(
            f"'{said}' names no wound: the engine resolves a travel hazard (any card drawn) "
            "as it comes, and no effect cancels it", *_sp(ch), code="RF540",
            hint="cancel wounds ('cancel 1 wound being inflicted on your Hero') or give the "
                 "Hero something when it comes ('When you encounter a travel hazard, gain 1 "
                 "gold.')")

    def rbh_you_attack(self, ch):  # rbtrig's attacker: your Hero, or this Ally (RF514)
        who = "you" if str(_values(ch)[0]) == "hero" else "this_ally"
        return n.HeroAct(who, "attack_hero", None, span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, Rbwho, new=True)


__all__ = ["Rbwho", "install"]
