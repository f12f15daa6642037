"""Rules text of branch dadv's forms (issue 32, part III). English is the canonical printer's
(dsl/delve/printer.py); the msgids are in ``TEMPLATES_DADV``.

* an adversary's rule on a miss by an attack of one range ("When a hero attacks this adversary
  with a combat attack and misses, that hero suffers 1 wound."): ``form.missed_range`` (and
  ``_area``, for the article), the range in the locale's word (``range.*``)."""

from __future__ import annotations

TEMPLATES_DADV = {
    "form.missed_range": "When a hero attacks {who} with a {range} attack and misses, "
                         "{effects}.",
    "form.missed_range_area": "When a hero attacks {who} with an {range} attack and misses, "
                              "{effects}.",
}


def missed_range(a, locale: str, body: str, t, who) -> str | None:
    """The text of the trigger ``missed`` with a range, or None; ``t`` and ``who`` are
    text_forms' helpers."""
    if a.event != "missed" or not a.range:
        return None
    key = "form.missed_range" + ("_area" if a.range == "area" else "")
    return t(key, locale).format(who=who(a.who, locale), range=t(f"range.{a.range}", locale),
                                 effects=body)
