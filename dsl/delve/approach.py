"""A move with no number (issue 32, session delve9): "Move towards the nearest adversary.",
"This adversary moves toward the nearest hero.", "Each adversary in this chamber moves away
from you.", and, for a while, "During the adversary phase, it must move toward you."

The English says how far by leaving the number out: as far as the figure's own Move allows,
and towards someone only until it stands next to them. That is what the engine's adversary
phase does when an adversary advances (a shortest path, other figures blocking, stopping
adjacent: engine/delve/game/approach.py shares it). Said for a while, of adversaries, it is
where they go in the adversary phase: they advance on that figure instead of the nearest
hero (a ``lure``, lasting like a bonus)."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import YOU, Pred, Who, spanned_rules

# the durations whose end comes after the adversary phase of the round (a lure in force
# when the adversaries move); "until the end of your turn" ends before it
LURE_DURATIONS = ("end_of_phase", "end_of_round", "next_turn")


@astnode
class Approach:
    """``<who> moves towards | away from <ref>`` with no number: each figure goes as far as
    its Move allows (towards: until adjacent). ``ref`` None is you."""

    target: n.Selector              # quantity "self", side None: you
    towards: bool
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    ref: n.Selector | None = None


def _dir(ch):
    return next(c for c in ch if isinstance(c, tuple) and c and c[0] in ("towards", "away"))


def _end(ch, meta=None) -> int:
    """Where the words end (a selector's own span; "you" ends with the word before it; the
    rule's own end when its words carry none, as in the parse a hint tries)."""
    ends = [c.sel.span[1] if isinstance(c, Who) else c.end_pos for c in ch
            if isinstance(c, Who) or getattr(c, "end_pos", None) is not None]
    return max(ends) if ends else getattr(meta, "end_pos", 0) or 0


@spanned_rules
class ApproachWords(Transformer):
    """The transformer's rule for ``MOVE direction`` (delve.lark, session delve9)."""

    def move_far(self, meta, ch):
        verb = next(c for c in ch if getattr(c, "type", None) == "MOVE")
        way = _dir(ch)
        return Pred("approach", verb, (verb.start_pos, way[2]), {"dir": way[:2]})

    def far_towards(self, meta, ch):
        return ("towards", _ref(ch), _end(ch, meta))

    def far_away(self, meta, ch):
        return ("away", _ref(ch), _end(ch, meta))


def _ref(ch):
    found = [c for c in ch if isinstance(c, Who) or c is YOU]
    return found[0].sel if isinstance(found[0], Who) else YOU


def is_me(sel: n.Selector | None) -> bool:
    return sel is not None and sel.quantity == "self" and sel.side is None


def build(who: Who | None, d: dict, span) -> Approach:
    """The effect of "<who> moves towards <ref>" (who None: you)."""
    way, ref = d["dir"]
    target = who.sel if who is not None else n.Selector("self", span=span)
    ref_sel = None if ref is YOU else ref
    if is_me(target) and ref_sel is None:
        raise AbilitySyntaxError("you cannot move towards or away from yourself", *span,
                                 code="RF927", hint="name whom: 'Move towards the nearest "
                                                    "adversary.'")
    return Approach(target, way == "towards", span, ref_sel)


def print_approach(e: Approach, print_selector, verb) -> str:
    way = "towards" if e.towards else "away from"
    ref = "you" if e.ref is None else print_selector(e.ref)
    if is_me(e.target):
        return f"move {way} {ref}"
    return f"{print_selector(e.target)} {verb(e.target, 'move', 'moves')} {way} {ref}"


def lure_problems(e: Approach, duration: str, span) -> list[Problem]:
    """An approach under a duration: adversaries' moves in the adversary phase (a lure).
    Anyone else, or a duration that ends before the adversaries move, is refused."""
    if e.target.side != "adversary" and e.target.quantity not in ("it", "them", "that"):
        return [Problem("RF916", "only adversaries' moves are held to a course for a while: "
                        "a hero moves as its player chooses", e.span,
                        "drop the duration to move at once: 'Move towards the nearest "
                        "adversary.'")]
    if duration not in LURE_DURATIONS:
        return [Problem("RF916", "the adversaries move in the adversary phase, after your "
                        "turn has ended, so this would never hold when they move", span,
                        "write 'During the adversary phase, it must move towards you.'")]
    return []
