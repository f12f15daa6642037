"""An amount counted per figure (issue 32, branch delve12): "Gain 1 renown for each adversary
adjacent to you.", "Each adversary in this chamber suffers 1 wound for each hero adjacent to
it.", "Heal 1 wound for each other hero in this chamber."

``for <who>`` after a clause that heals, gives renown or deals wounds multiplies its amount by
the number of figures ``<who>`` picks when it happens (counted from the ability's figure, as
every selector is; none: the effect does nothing). The node keeps its amount and carries the
selector (``for_each`` on :class:`~.nodes.Heal`, :class:`~.nodes.Renown`,
:class:`~.nodes.Suffer`); IR ``"for_each": <selector>`` on ``heal``, ``renown``, ``suffer``
(engine/delve/game/per_count.py). After any other effect it is refused at its words (RF972);
a count of one figure ("for a visible adversary", "for the nearest hero") or one counted
from "it" (the count is taken once, not again for each target) is RF973."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .problems import Problem
from .words import Mod, Who, span_of, spanned_rules

COUNTED = (n.Heal, n.Renown, n.Suffer)


@spanned_rules
class ForEachWords(Transformer):
    """The transformer's rule (delve.lark, branch delve12)."""

    def for_each(self, meta, ch):
        who = next(c for c in ch if isinstance(c, Who))
        return Mod("for_each", who.sel, span_of(meta))


def attach(effects: list, mod: Mod) -> list:
    """The clause's effects counted per figure of ``mod``'s selector."""
    if not effects or not all(isinstance(e, COUNTED) and e.for_each is None for e in effects):
        raise AbilitySyntaxError("'for each …' counts wounds healed or suffered, or renown",
                                 *mod.span, code="RF972",
                                 hint="write 'Gain 1 renown for each adversary adjacent to "
                                      "you.'")
    return [replace(e, for_each=mod.value) for e in effects]


def with_for_each(e, text_of, print_selector) -> str | None:
    """``text_of(e)`` followed by its count, or None when ``e`` is counted once."""
    sel = getattr(e, "for_each", None)
    if sel is None:
        return None
    return f"{text_of(replace(e, for_each=None))} for {print_selector(sel)}"


def for_each_problems(e) -> list[Problem]:
    """RF973: a count of one figure, or one counted from "it" (the count is taken once, when
    the effect happens, from the ability's figure — not again for each target)."""
    sel = getattr(e, "for_each", None)
    if sel is None:
        return []
    if sel.quantity not in ("each", "each_other"):
        return [Problem("RF973", "'for …' counts the figures of a group: each of them",
                        sel.span, "write 'for each adversary adjacent to you'")]
    if any(f.kind == "adjacent_target" or f.ref in ("it", "target") for f in sel.filters):
        return [Problem("RF973", "the count is taken once, from the ability's figure, not "
                        "again from each target", sel.span,
                        "count from you: 'for each hero adjacent to you'")]
    return []
