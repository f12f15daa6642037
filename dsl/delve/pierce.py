"""Wounds an adversary's attacks deal that nothing takes off (issue 32, branch delveseven):
"Wounds from this adversary's attacks cannot be prevented or reduced." (also "Its attacks
cannot be prevented.", "Damage from its missile attacks cannot be reduced or prevented.").

A rule of the adversary (:class:`Pierce`, IR ``{"op": "pierce"}`` with an optional
``range``): a hit of its attacks (in the adversary phase and by its own abilities) is not
lessened by a hero's ward ("prevent the first wound you would suffer", a wound ignored each
round) nor by a hero's rule on wounds of one attack ("… prevent 1 of them")
(game/foes.roll_at). "prevented" and "reduced" say the same here: every way the engine lessens
a hit is a prevented wound. Its own rule only: on a hero's card RF925 (owners.py); with
"your attacks" or attacks against someone, a syntax error at the words."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from .words import Pred, span_of, spanned_rules, tok


@astnode
class Pierce:
    """``wounds from this adversary's [range] attacks cannot be prevented or reduced``."""

    range: str | None
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class PierceWords(Transformer):
    """The transformer's rule (delve.lark, branch delveseven)."""

    def unlessened(self, meta, ch):
        return Pred("unlessened", tok(ch, "CANNOT"), span_of(meta), {})


def print_pierce(e: Pierce) -> str:
    rng = f"{e.range} " if e.range else ""
    return f"wounds from this adversary's {rng}attacks cannot be prevented or reduced"
