"""Rules text of branch dtarget's forms (issue 32, part III): how many wounds one attack deals
a figure (dsl/delve/wounds_dtarget.py). English is the canonical printer's; the msgids are in
``TEMPLATES_DTARGET`` (plural by the number of wounds or of Damage)."""

from __future__ import annotations

from runeforge.dsl.delve.hit_dtarget import HitNeed, NextHit
from runeforge.dsl.delve.soak import Soak

SET = ", whatever the weapon's Hit value"
TEMPLATES_DTARGET = {
    "rule.wound_cap": ("you cannot suffer more than {n} wound from a single attack",
                       "you cannot suffer more than {n} wounds from a single attack"),
    "rule.wound_cap_on": ("{who} cannot suffer more than {n} wound from a single attack",
                          "{who} cannot suffer more than {n} wounds from a single attack"),
    "rule.wound_small": ("you ignore wounds from attacks that deal {n} Damage or less",
                         "you ignore wounds from attacks that deal {n} Damage or less"),
    "rule.wound_small_on": ("{who} ignores wounds from attacks that deal {n} Damage or less",
                            "{who} ignores wounds from attacks that deal {n} Damage or less"),
    # what attacks against a figure must roll (dsl/delve/hit_dtarget.py)
    **{f"rule.hit_need{rng}{you}{mode}":
       f"{'{range} ' if rng else ''}attacks against {'you' if you else '{who}'} must roll "
       f"{{need}} or higher to hit{SET if mode else ''}"
       for rng in ("", "_range") for you in ("", "_you") for mode in ("", "_set")},
    "rule.hit_need_you": "you can only be wounded by an attack roll of {need} or higher",
    "rule.hit_need_you_set": "you can only be wounded by an attack roll of {need} or higher"
                             + SET,
    "form.wounds": "When {who} wounds a hero, {effects}.",
    "effect.next_hit": "your next attack hits on a roll of {need}+",
    "effect.next_hit_range": "your next {range} attack hits on a roll of {need}+",
    "rule.hit_need_range_you": "you can only be wounded by a {range} attack roll of {need} or "
                               "higher",
    "rule.hit_need_range_you_set": "you can only be wounded by a {range} attack roll of {need} "
                                   "or higher" + SET,
}


def render_dtarget(e, locale: str, t, who, range_word=None) -> str | None:
    """The text of a cap, of small attacks ignored or of a hit need, or None."""
    if isinstance(e, NextHit):
        key = "effect.next_hit_range" if e.range else "effect.next_hit"
        return t(key, locale).format(need=e.need, range=range_word(e.range, locale)
                                     if e.range else "")
    if isinstance(e, HitNeed):
        key = "rule.hit_need" + ("_range" if e.range else "") + (
            "_you" if e.on is None else "") + ("_set" if e.mode == "set" else "")
        return t(key, locale).format(who=who(e.on, locale) if e.on is not None else "",
                                     need=e.need,
                                     range=range_word(e.range, locale) if e.range else "")
    if not isinstance(e, Soak) or (e.cap is None and e.at_most is None):
        return None
    size = e.cap if e.cap is not None else e.at_most
    key = "rule.wound_cap" if e.cap is not None else "rule.wound_small"
    if e.on is None:
        return t(key, locale, size).format(n=size)
    return t(key + "_on", locale, size).format(n=size, who=who(e.on, locale))
