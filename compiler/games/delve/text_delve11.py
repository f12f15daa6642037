"""Rules text of session delve11's forms (issue 32): the cost of a basic action as an
adversary's rule ("Heroes in this chamber must spend a 3+ die to explore."). English is the
canonical printer's (dsl/delve/printer.py); the msgids are in ``TEMPLATES11``. The other
locales name the action, then the heroes after a colon (as ``rule.forbid``), so no verb has
to agree with them."""

from __future__ import annotations

from runeforge.dsl.delve.tolls import Toll

TEMPLATES11 = {
    # dsl/delve/tolls.py: {need} is the die's least face
    "rule.toll.explore": "{who} must spend a {need}+ die to explore",
    "rule.toll.move": "{who} must spend a {need}+ die to move",
}
NODES11 = (Toll,)


def render11(e, locale: str, t, who) -> str | None:
    """The text of one of this session's effects, or None (not one of them); ``t`` and
    ``who`` are text_forms' helpers."""
    if isinstance(e, Toll):
        return t(f"rule.toll.{e.act}", locale).format(who=who(e.target, locale), need=e.need)
    return None
