"""Rules text of branch dadv's forms (issue 32, part III). English is the canonical printer's
(dsl/delve/printer.py); the msgids are in ``TEMPLATES_DADV``.

* an adversary's rule on a miss by an attack of one range ("When a hero attacks this adversary
  with a combat attack and misses, that hero suffers 1 wound."): ``form.missed_range`` (and
  ``_area``, for the article), the range in the locale's word (``range.*``);
* an adjective on "the hero with the most wounds" ("the most wounded hero it can see"), said
  after it as the printer says it: ``filter.ranked.visible`` ("in line of sight"),
  ``filter.ranked.wounded`` ("that is wounded")."""

from __future__ import annotations

TEMPLATES_DADV = {
    "form.missed_range": "When a hero attacks {who} with a {range} attack and misses, "
                         "{effects}.",
    "form.missed_range_area": "When a hero attacks {who} with an {range} attack and misses, "
                              "{effects}.",
    "filter.ranked.visible": "in line of sight",
    "filter.ranked.wounded": "that is wounded",
}


def ranked_adjectives(sel, text: str, locale: str, t) -> str:
    """``text`` (the ranked selector with its other filters) with its adjectives after it."""
    for f in sel.filters:
        if f.kind in ("visible", "wounded"):
            text = t("who.join", locale).format(who=text, filter=t(f"filter.ranked.{f.kind}",
                                                                   locale))
    return text


def missed_range(a, locale: str, body: str, t, who) -> str | None:
    """The text of the trigger ``missed`` with a range, or None; ``t`` and ``who`` are
    text_forms' helpers."""
    if a.event != "missed" or not a.range:
        return None
    key = "form.missed_range" + ("_area" if a.range == "area" else "")
    return t(key, locale).format(who=who(a.who, locale), range=t(f"range.{a.range}", locale),
                                 effects=body)
