"""Transformer rules of branch rbnp: noun phrases and objects as English builds them.

* "roll a die" inside a clause (a trigger's effect, "... to roll a die", "If you succeed, roll a
  die"): the engine rolls a die table only as sentences of their own ("Roll a die. On 6 or more,
  ..."), so the words are refused where they stand (RF481) with the form that runs.
* "your combat roll" / "a combat roll": the roll of the attack the ability's phase tag makes
  ("Melee: ... +2 to your combat roll" is "+2 to melee combat rolls"); the tag is read before the
  sentences (the parse is LALR with its transformer inline), so the phrase is resolved where it
  stands; with no phase tag it names no roll (RF482).
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from .parser_parts import _sp, install_rules


class RbnpRules:
    def roll_in_clause(self, ch):
        raise roll_in_clause_error(*_sp(ch))


def roll_in_clause_error(start: int, end: int) -> AbilitySyntaxError:
    """RF481: a die rolled inside a trigger's effect, a price's 'to ...' or a condition (also
    parser_rbmove2: the place a movement ends in is a condition)."""
    return AbilitySyntaxError(
            "a die is rolled in a sentence of its own, its rows after it; the engine rolls no "
            "die inside a trigger's effect, a price's 'to ...' or a condition", start, end,
            code="RF481",
            hint="write the roll as its own sentence with its rows ('Roll a die. On 6 or more, "
                 "gain 1 gold. Otherwise, nothing happens.'); a wound is cancelled only as it is "
                 "inflicted ('Any Phase: Exhaust this Ally to cancel 1 wound being inflicted on "
                 "this Ally.')")


PHASES = ("ranged", "melee", "magic")
# the timing tag of the parse under way, once read (forget() clears it before each parse)
_TAG: list[str] = []


def forget() -> None:
    _TAG.clear()


def every_roll() -> list[str]:
    """The phases whose combat rolls "your attacks" / "all combat rolls" name: under a phase's
    tag only that phase's ("Melee: Your attacks get +2." is +2 to the melee roll, the one
    attack the ability's window makes; a bonus to the other two would only carry into a later
    round's phases, which the text does not say), else all three."""
    phase = _TAG[0] if _TAG else None
    return [phase] if phase in PHASES else list(PHASES)


def _roll_here(ch) -> str:
    span = _sp(ch)
    phase = _TAG[0] if _TAG else None
    if phase not in PHASES:
        said = "no timing tag" if phase is None else f"the tag '{phase.replace('_', ' ')}'"
        raise AbilitySyntaxError(
            "'your combat roll' is the roll of the attack the ability's phase makes, and this "
            f"ability has {said}, no phase", *span, code="RF482",
            hint="say whose roll: 'to your melee combat roll' (or 'ranged', 'magic'), or begin "
                 "the ability with its phase ('Melee: ...')")
    return phase


def _roll_bonus_here(self, ch):
    from .parser_parts import _word

    return _word(f"{_roll_here(ch)}_roll", _sp(ch))


def _add_roll_bonus_here(self, ch):  # "add 2 to your combat roll": +2 to the phase's rolls
    from . import nodes as n
    from .parser_parts import _values, _word

    amount = _values(ch)[0]
    if amount.kind != "fixed":
        raise AbilitySyntaxError("a bonus to a combat roll is a number", *_sp(ch), code="RF301",
                                 hint="write 'add +2 to your combat roll'")
    stat = _word(f"{_roll_here(ch)}_roll", _sp(ch))
    return n.Modifier("you", stat, amount.values[0], span=_sp(ch))


def _reroll_failed(self, ch):  # "reroll a failed combat roll"
    from . import nodes as n

    return n.Reroll(failed=True, span=_sp(ch))


RbnpRules.reroll_failed = _reroll_failed
RbnpRules.roll_bonus_here = _roll_bonus_here
RbnpRules.add_roll_bonus_here = _add_roll_bonus_here


def install(cls) -> None:
    install_rules(cls, RbnpRules)
    for name in ("tag_before_combat", "tag_ranged", "tag_melee", "tag_magic", "tag_any_phase",
                 "tag_all_phases"):
        setattr(cls, name, _remembering(getattr(cls, name)))


def _remembering(rule):
    def wrapped(self, ch):
        marker = rule(self, ch)
        _TAG[:] = [marker.value]
        return marker

    return wrapped


# ---- recipients coordinated in one noun phrase: "your Hero or this Ally" (one, the player's
# choice; the IR target names the pool the engine asks from)
def _recipients(name):
    from .parser_parts import _word

    return lambda self, ch: _word(name, _sp(ch))


RbnpRules.hero_or_this_ally = _recipients("hero_or_this_ally")
RbnpRules.hero_or_other_ally = _recipients("hero_or_other_ally")


# ---- "the top card of the market deck" as the object of "gain" / "take" ------------------------
def _gain_market_top(self, ch):  # the Hero gets the card: drawn and kept
    from . import nodes as n

    return n.DrawMarketKeep(n.Amount("fixed", (1,), span=_sp(ch)), span=_sp(ch))


def _top_of_kind(self, ch):
    from lark import Token

    kind = next(str(t) for t in ch if isinstance(t, Token) and t.type in ("ALLY", "ITEM"))
    raise AbilitySyntaxError(
        f"the engine draws the top card of the market deck, whatever it is; it cannot pick the "
        f"top {kind}", *_sp(ch), code="RF470",
        hint="write 'draw the top card of the market deck and keep it' (the Hero keeps that "
             "card, an Item or an Ally), or 'draw 3 market cards and keep one'")


RbnpRules.gain_market_top = _gain_market_top
RbnpRules.top_of_kind = _top_of_kind
