"""An adversary that keeps its distance (issue 32, branch dmove): "It never moves adjacent
to a hero.", "This adversary does not move adjacent to heroes."

A rule of the adversary's own card (:class:`KeepAway`, IR ``keep_away`` with ``from``): no
move of its own (the adversary phase, its "moves towards …", its own "moves 1 space …")
steps into a space adjacent to a figure ``from`` picks; the engine counts those spaces as
blocked for its steps (engine/delve/game/passage_dmove.py ``kept_out``). A hero's push still
moves it anywhere. Said of any other figure, or on a hero's card, it is RF944."""

from __future__ import annotations

from dataclasses import field, replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import Pred, Who, span_of, spanned_rules


@astnode
class KeepAway:
    """The card's adversary never moves into a space adjacent to ``away_from``."""

    away_from: n.Selector
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class KeepAwayWords(Transformer):
    """The transformer's rule (delve.lark, branch dmove)."""

    def keep_away(self, meta, ch):
        verb = next(c for c in ch if getattr(c, "type", None) in ("DO", "MOVE")
                    and (c.type == "DO" or not any(getattr(x, "type", None) == "DO"
                                                   for x in ch)))
        away = [c for c in ch if isinstance(c, Who)][-1].sel
        return Pred("keep_away", verb, span_of(meta), {"from": away})


def build(who, d: dict, span) -> KeepAway:
    if who is None or who.quantity in ("self", "it") and who.side in ("adversary", None) \
            and not who.filters:
        away = d["from"]
        if away.quantity in ("each", "any", "every", "all"):   # "heroes" = "a hero": any one
            away = replace(away, quantity="one")
        return KeepAway(away, span)
    raise AbilitySyntaxError("only the card's own adversary is held away from others: its "
                             "rule says how it moves", *who.span, code="RF944",
                             hint="write 'This adversary never moves adjacent to a hero.' on "
                                  "its card")


def problems(effect, owner: str) -> list[Problem]:
    if isinstance(effect, KeepAway) and owner != "adversary":
        return [Problem("RF944", "a hero moves where its player chooses; only an adversary's "
                        "own rule keeps it away from others", effect.span,
                        "write 'This adversary never moves adjacent to a hero.' on an "
                        "adversary's card")]
    return []


def print_keep_away(e: KeepAway, print_selector) -> str:
    return f"this adversary never moves adjacent to {print_selector(e.away_from)}"
