"""Rules text of session delve11's forms (issue 32): the cost of a basic action as an
adversary's rule ("Heroes in this chamber must spend a 3+ die to explore."). English is the
canonical printer's (dsl/delve/printer.py); the msgids are in ``TEMPLATES11``. The other
locales name the action, then the heroes after a colon (as ``rule.forbid``), so no verb has
to agree with them."""

from __future__ import annotations

from runeforge.dsl.delve.attack_riders import AttackBonus
from runeforge.dsl.delve.placing import Place
from runeforge.dsl.delve.scouting import Scout
from runeforge.dsl.delve.tolls import Toll

TEMPLATES11 = {
    # dsl/delve/tolls.py: {need} is the die's least face
    "rule.toll.explore": "{who} must spend a {need}+ die to explore",
    "rule.toll.move": "{who} must spend a {need}+ die to move",
    # dsl/delve/scouting.py: the top exploration card, then (may or must) to the bottom
    "effect.scout": "look at the top card of the exploration deck",
    "effect.scout.may": ("look at the top card of the exploration deck. You may put it on the "
                         "bottom of the exploration deck"),
    "effect.scout.must": ("look at the top card of the exploration deck. Put it on the bottom "
                          "of the exploration deck"),
    # dsl/delve/attack_riders.py: a bonus of the attack just made, at the figures it names
    "rider.attack_bonus": "it deals +{n} Damage against {who}",
    # dsl/delve/comparisons.py: upper bounds in a filter
    "filter.wounds_up_to": ("with at most {n} wound", "with at most {n} wounds"),
    "filter.vigour_up_to": ("with at most {n} Vigour", "with at most {n} Vigour"),
    "filter.unwounded": "with no wounds",
    # dsl/delve/placing.py: your figure set down in your chamber and/or an adjacent one
    "effect.place.own": "place your figure in an empty space in your chamber",
    "effect.place.adjacent": "place your figure in an empty space in an adjacent chamber",
    "effect.place.adjacent_own": ("place your figure in an empty space in your chamber or an "
                                  "adjacent chamber"),
}
NODES11 = (Toll, Scout, AttackBonus, Place)


def render11(e, locale: str, t, who) -> str | None:
    """The text of one of this session's effects, or None (not one of them); ``t`` and
    ``who`` are text_forms' helpers."""
    if isinstance(e, Toll):
        return t(f"rule.toll.{e.act}", locale).format(who=who(e.target, locale), need=e.need)
    if isinstance(e, AttackBonus):
        return t("rider.attack_bonus", locale).format(n=e.amount, who=who(e.against, locale))
    if isinstance(e, Place):
        return t("effect.place." + "_".join(e.where), locale)
    if isinstance(e, Scout):
        return t("effect.scout" + (f".{e.bury}" if e.bury else ""), locale)
    return None
