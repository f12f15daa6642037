"""The cost of a basic action as an adversary's rule (issue 32, session delve11): "Heroes in
this chamber must spend a 3+ die to explore.", "A hero pinned by this adversary must spend a
4+ die instead of a 1+ die to move." (also "… to take the Explore action", "… to use the Move
action"; "instead of a N+ die" may stand before or after "to …").

The rule raises the cost (R2) of the heroes it names: while a hero is one of them, its
Explore or Move costs at least N+ (a pinned Move too, A5), and the dearer of two such rules
counts (engine/delve/game/tolls.py). "instead of a 1+ die" is read and checked (the new cost
must be the dearer), then dropped: the rules data knows the usual cost. Recuperate's cost
already climbs with each use (R14, A3) and is refused (RF925); a cost of 1+ changes nothing
(RF931); one above 6+ can never be paid (RF901); the rule is an adversary's (on a hero's
card RF925) and names heroes (RF913)."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import Pred, span_of, spanned_rules, tok

ACTS = {"EXPLORE": "explore", "MOVE": "move", "RECUPERATE": "recuperate"}


@astnode
class Toll:
    """``target`` must spend a ``need``+ die to ``act`` (explore, move)."""

    target: n.Selector
    act: str
    need: int
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    need_span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    was: int | None = field(default=None, compare=False)   # "instead of a 1+ die" (checked)
    was_span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class TollWords(Transformer):
    """The transformer's rule (delve.lark, session delve11)."""

    def toll(self, meta, ch):
        faces = [c for c in ch if isinstance(c, n.Cost)]
        act_tok = next(c for c in ch if getattr(c, "type", None) in ACTS
                       and c.start_pos > faces[0].span[1])
        return Pred("toll", tok(ch, "SPEND"), span_of(meta),
                    {"act": ACTS[act_tok.type], "need": faces[0],
                     "was": faces[1] if len(faces) > 1 else None})


def build(who, d: dict, span) -> Toll:
    need, was = d["need"], d["was"]
    if who is None:
        raise AbilitySyntaxError("a cost as a rule names the heroes who pay it", *span,
                                 code="RF913",
                                 hint="write 'Heroes in this chamber must spend a 3+ die to "
                                      "explore.' on an adversary's card")
    return Toll(who, d["act"], need.need, span, need.need_span,
                was.need if was is not None else None,
                was.need_span if was is not None else (0, 0))


def print_toll(e: Toll, print_selector) -> str:
    return f"{print_selector(e.target)} must spend a {e.need}+ die to {e.act}"


def toll_problems(e: Toll) -> list[Problem]:
    """What the engine cannot run of the rule (its side and owner: checks.py, owners.py)."""
    out = []
    if e.act == "recuperate":
        out.append(Problem("RF925", "Recuperate's cost already climbs with each use (R14); "
                           "no rule raises it", e.span,
                           "forbid it instead: 'Heroes adjacent to this adversary cannot "
                           "recuperate.'"))
    if not 1 <= e.need <= 6:
        out.append(Problem("RF901", f"a {e.need}+ die cannot be spent: a die shows 1 to 6",
                           e.need_span, "write a cost from 2+ to 6+"))
    elif e.need == 1:
        out.append(Problem("RF931", "every die pays a 1+ cost: the rule changes nothing",
                           e.need_span, "drop the sentence, or raise the cost: 'must spend "
                           "a 3+ die'"))
    if e.was is not None and e.was >= e.need:
        out.append(Problem("RF925", f"the rule makes the cost dearer, not {e.need}+ instead "
                           f"of {e.was}+", e.was_span,
                           f"write a cost above {e.was}+, or drop 'instead of a {e.was}+ "
                           "die'"))
    if e.target.side != "hero":
        out.append(Problem("RF913", "only heroes spend dice", e.target.span,
                           "write 'Heroes in this chamber must spend …'"))
    return out
