"""Rules text of branch dhero's forms (issue 32, part III). English is the canonical
printer's (dsl/delve/printer.py, hero_states_dhero.STATE_TEXT); the msgids are in
``TEMPLATES_DHERO``.

* a slay rule that names the adversaries it counts: ``event.slay_who`` (``_range``,
  ``_range_area`` with the attack's range);
* a bonus to other heroes: ``aura.<stat>`` (``.many``), ``aura.against``;
* a hero's events: ``event.healed`` (another hero healed), ``event.skill``;
* heroes spared the pin: ``rule.spared`` (``.many`` for a plural subject);
* a hero's state as a condition ("While you are pinned, …", "If that hero is not pinned,
  …", "As long as you have no wounds, …"): ``rider.<state>_you`` / ``rider.<state>``."""

from __future__ import annotations

from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.hero_states_dhero import STATES

TEMPLATES_DHERO = {
    "rider.pinned_you": "if you are pinned, {effects}",
    "rider.pinned": "if {who} is pinned, {effects}",
    "rider.not_pinned_you": "if you are not pinned, {effects}",
    "rider.not_pinned": "if {who} is not pinned, {effects}",
    "rider.unwounded_you": "if you have no wounds, {effects}",
    "rider.unwounded": "if {who} has no wounds, {effects}",
    "rider.moved_you": "if you have moved this round, {effects}",
    "rider.moved": "if {who} has moved this round, {effects}",
    "rider.not_moved_you": "if you have not moved this round, {effects}",
    "rider.not_moved": "if {who} has not moved this round, {effects}",
    # a slay rule for the adversaries it names only ("… slay an adversary with 4 or more
    # Vigour"), and with the attack's range
    "event.slay_who": "slay {who}",
    "event.slay_who_range": "slay {who} with a {range} attack",
    "event.slay_who_range_area": "slay {who} with an {range} attack",
    # heroes spared the pin (dsl/delve/spared_dhero.py)
    "rule.spared": "{who} is never pinned",
    "rule.spared.many": "{who} are never pinned",
    # a hero's events (dsl/delve/events_dhero.py)
    "event.healed": "heal a wound on {who}",
    "event.skill": "gain a skill",
    # a bonus to other heroes (dsl/delve/aura_dhero.py); .many for a plural subject
    "aura.roll": "{who} adds {n} to their attack rolls",
    "aura.roll.many": "{who} add {n} to their attack rolls",
    "aura.roll_range": "{who} adds {n} to their {range} attack rolls",
    "aura.roll_range.many": "{who} add {n} to their {range} attack rolls",
    "aura.damage": "{who} deals +{n} Damage",
    "aura.damage.many": "{who} deal +{n} Damage",
    "aura.move": "{who} adds {n} to their Move",
    "aura.move.many": "{who} add {n} to their Move",
    "aura.against": "{bonus} against {whom}",
}


def render_state(e, effects: str, locale: str, t, who) -> str | None:
    """The text of a rider on a hero's state, or None; ``t`` and ``who`` are text_forms'."""
    if e.cond not in STATES:
        return None
    if e.who is None:
        return t(f"rider.{e.cond}_you", locale).format(effects=effects)
    return t(f"rider.{e.cond}", locale).format(who=who(e.who, locale), effects=effects)


def slay_event(a, locale: str, t, who, range_word) -> str:
    """"slay <the adversaries the rule names> [with a <range> attack]"."""
    if a.range is None:
        return t("event.slay_who", locale).format(who=who(a.who, locale))
    area = "_area" if a.range == "area" else ""
    return t("event.slay_who_range" + area, locale).format(
        who=who(a.who, locale), range=range_word(a.range, locale))


def hero_event(a, locale: str, t, who) -> str:
    """"heal a wound on <heroes>", "gain a skill"."""
    if a.event == "healed":
        other = a.who if a.who is not None else n.Selector("another", "hero")
        return t("event.healed", locale).format(who=who(other, locale))
    return t("event.skill", locale)


def render_aura(e, locale: str, many, who, range_word, t) -> str:
    """"<heroes> add N to their [range] attack rolls [against …]", "… deal +N Damage", "… add
    N to their Move"."""
    key = f"aura.{e.stat}" + ("_range" if e.range and e.stat == "roll" else "")
    slots = {"range": range_word(e.range, locale)} if e.range and e.stat == "roll" else {}
    bonus = many(key, e.on, locale, who=who(e.on, locale), n=e.amount, **slots)
    if e.against is None:
        return bonus
    return t("aura.against", locale).format(bonus=bonus, whom=who(e.against, locale))
