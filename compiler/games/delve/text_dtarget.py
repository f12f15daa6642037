"""Rules text of branch dtarget's forms (issue 32, part III): how many wounds one attack deals
a figure (dsl/delve/wounds_dtarget.py). English is the canonical printer's; the msgids are in
``TEMPLATES_DTARGET`` (plural by the number of wounds or of Damage)."""

from __future__ import annotations

from runeforge.dsl.delve.soak import Soak

TEMPLATES_DTARGET = {
    "rule.wound_cap": ("you cannot suffer more than {n} wound from a single attack",
                       "you cannot suffer more than {n} wounds from a single attack"),
    "rule.wound_cap_on": ("{who} cannot suffer more than {n} wound from a single attack",
                          "{who} cannot suffer more than {n} wounds from a single attack"),
    "rule.wound_small": ("you ignore wounds from attacks that deal {n} Damage or less",
                         "you ignore wounds from attacks that deal {n} Damage or less"),
    "rule.wound_small_on": ("{who} ignores wounds from attacks that deal {n} Damage or less",
                            "{who} ignores wounds from attacks that deal {n} Damage or less"),
}


def render_dtarget(e, locale: str, t, who) -> str | None:
    """The text of a cap or of small attacks ignored, or None (not one of them)."""
    if not isinstance(e, Soak) or (e.cap is None and e.at_most is None):
        return None
    size = e.cap if e.cap is not None else e.at_most
    key = "rule.wound_cap" if e.cap is not None else "rule.wound_small"
    if e.on is None:
        return t(key, locale, size).format(n=size)
    return t(key + "_on", locale, size).format(n=size, who=who(e.on, locale))
