"""Rules text of branch delve12's forms (issue 32): adversaries held back from attacking for a
while ("Until the end of the round, each adversary adjacent to you cannot attack."). English
is the canonical printer's (dsl/delve/printer.py); the msgid is in ``TEMPLATES12``. The other
locales say what is forbidden, then the figures after a colon (as ``effect.root``), so no verb
has to agree with them."""

from __future__ import annotations

from runeforge.dsl.delve.disarm import Disarm

TEMPLATES12 = {
    # dsl/delve/disarm.py: {who} makes no attack while the duration lasts
    "effect.disarm": "{who} cannot attack",
    # dsl/delve/per_count.py: {effect} happens once for each figure {who} picks
    "rider.for_each": "{effect} for {who}",
}
NODES12 = (Disarm,)


def render12(e, locale: str, t, who) -> str | None:
    """The text of one of this branch's effects, or None (not one of them); ``t`` and ``who``
    are text_forms' helpers."""
    if isinstance(e, Disarm):
        return t("effect.disarm", locale).format(who=who(e.target, locale))
    return None
